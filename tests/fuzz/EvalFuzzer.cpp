// libFuzzer target of `mocc eval`: any bytes as the expression, evaluated by
// the driver exactly as `mocc eval EXPR` does: parsed, lowered with the
// bundled stdlib/ as the only library, and its function calls compiled by
// the JIT and run. The answer must be a value or a diagnostic with one of
// the documented exit codes, never a crash.
#include "compiler/driver/Driver.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

using namespace mocc;

namespace {

/// Inputs longer than this are rejected (run with -max_len below it).
constexpr size_t kMaxInput = 4 * 1024;

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // Only the bundled library and no folder of C libraries: the environment
  // must not change the target.
  unsetenv("MODELICAPATH");
  unsetenv("MOCC_LIBRARY_PATH");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > kMaxInput)
    return -1;
  std::string expression(reinterpret_cast<const char *>(data), size);
  driver::CompileOptions options;
  std::ostringstream out, err;
  int code = driver::runEval(expression, options, out, err);
  if (code != driver::ExitSuccess && code != driver::ExitModelError &&
      code != driver::ExitSimulationError) {
    std::fprintf(stderr, "eval fuzzer: exit code %d\n%s\n", code, err.str().c_str());
    std::abort();
  }
  if (code != driver::ExitSuccess && err.str().empty()) {
    std::fprintf(stderr, "eval fuzzer: exit code %d without a message\n", code);
    std::abort();
  }
  return 0;
}
