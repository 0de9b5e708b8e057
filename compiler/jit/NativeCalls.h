// Calls of lowered functions as native code while translating (the
// flattener's flat::NativeEvaluator): the external functions whose values
// a model needs then (a String chosen by `isEmpty(fileName)`, a size), and
// the functions they call, compiled into one JIT as they are first needed
// and kept for the rest of the translation, with their C code (see
// ExternalCode.h). Strings they return stay valid until it is destroyed.
#pragma once

#include "compiler/flat/Evaluate.h"
#include "compiler/jit/ExternalCode.h"
#include "compiler/jit/Jit.h"

#include <memory>

namespace mocc::rt {
class StringScope;
}

namespace mocc::jit {

class NativeCalls : public flat::NativeEvaluator {
public:
  explicit NativeCalls(ExternalOptions options);
  ~NativeCalls() override;

  std::optional<std::vector<double>> call(const std::vector<flat::Function> &functions,
                                          uint32_t index, std::span<const double> args,
                                          diag::Message &failure) override;
  std::string text(double bits) override;
  /// Whether any function was called (then the translation depends on
  /// what the calls read, not only on the sources).
  bool used() const { return jit_ != nullptr; }

private:
  /// Compiles the functions that `index` needs and are not in the JIT yet.
  bool add(const std::vector<flat::Function> &functions, uint32_t index, diag::Message &failure);

  ExternalOptions options_;
  std::unique_ptr<Jit> jit_;
  ExternalState linked_;
  std::vector<bool> added_; ///< function indices compiled into jit_
  std::unique_ptr<rt::StringScope> strings_;
};

} // namespace mocc::jit
