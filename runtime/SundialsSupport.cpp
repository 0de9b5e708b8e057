// Ownership of SUNDIALS objects and capture of SUNDIALS' error messages; see
// SundialsSupport.h.
#include "runtime/SundialsSupport.h"

#include <nvector/nvector_serial.h>

#include <cstdlib>

namespace mocc::rt {

SunContext::SunContext() {
  if (SUNContext_Create(nullptr, &context_) != 0)
    context_ = nullptr;
}

SunContext::~SunContext() {
  if (context_)
    SUNContext_Free(&context_);
}

NVectorPtr makeVector(int64_t length, SUNContext context) {
  return NVectorPtr(N_VNew_Serial(static_cast<sunindextype>(length), context));
}

void SolverMessages::handle(int errorCode, const char *module, const char *function, char *message,
                            void *self) {
  if (errorCode >= 0 || !self)
    return; // a warning, not an error
  auto *messages = static_cast<SolverMessages *>(self);
  messages->last_ = std::string(function ? function
                                : module ? module
                                         : "SUNDIALS") +
                    ": " + (message ? message : "");
}

std::string takeFlagName(char *name) {
  if (!name)
    return "unknown flag";
  std::string result(name);
  std::free(name);
  return result;
}

} // namespace mocc::rt
