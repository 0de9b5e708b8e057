// Evaluation while translating: expressions of the flat model that call its
// lowered functions, for parameters that structure depends on (array sizes,
// conditions of conditional components and if-equations) when they are
// computed by a function (`mSystems = numberOfSymmetricBaseSystems(m)`).
//
// Lowered functions (Function.h) are interpreted statement by statement over
// their slots: the same semantics as the generated code (for-loops run
// floor((stop - start) / step) + 1 times with the bounds evaluated once;
// if-expressions evaluate only the branch taken, so recursion ends), with
// limits on the depth of calls and on loop iterations so that a function
// that does not end cannot hang the translation.
#pragma once

#include "compiler/flat/Function.h"
#include "compiler/support/DiagnosticKinds.h"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mocc::flat {

/// Runs lowered functions as native code while translating: the external
/// ones, whose C code the interpreter cannot run. The driver provides it
/// (it compiles them with the JIT); the interpreter calls it only for pure
/// functions. Strings known only at run time pass through as the bits of
/// their pointers, which stay valid until the translation ends.
class NativeEvaluator {
public:
  virtual ~NativeEvaluator() = default;
  /// The outputs of function `index` of `functions` for `args`; nothing,
  /// with the reason in `failure`, if it cannot be called or fails.
  virtual std::optional<std::vector<double>> call(const std::vector<Function> &functions,
                                                  uint32_t index, std::span<const double> args,
                                                  diag::Message &failure) = 0;
  /// The text of a String known only at run time, from its pointer's bits.
  virtual std::string text(double bits) = 0;
};

class FunctionInterpreter {
public:
  explicit FunctionInterpreter(const std::vector<Function> &functions,
                               NativeEvaluator *native = nullptr)
      : functions_(functions), native_(native) {}

  /// The outputs (flattened) of function `index` called with the flattened
  /// arguments; nothing if it cannot be evaluated here (an impure function,
  /// an external one without a NativeEvaluator, a failed assert, a limit
  /// reached; see failure()).
  std::optional<std::vector<double>> call(uint32_t index, std::span<const double> args);

  /// Evaluates an expression of `pool`, with `valueOf` giving variables and
  /// Call/Output nodes calling the functions. Time has no value.
  std::optional<double> evaluate(const sym::ExprPool &pool, sym::ExprId expr,
                                 const std::function<std::optional<double>(sym::VarId)> &valueOf);

  /// Why the last evaluation failed, if it was for a reason worth telling.
  const std::string &failure() const { return failure_; }

private:
  struct Frame;
  std::optional<double> value(sym::ExprId root, Frame &frame);
  std::optional<double> computeNode(sym::ExprId id, Frame &frame);
  enum class Flow { Next, Break, Return, Fail };
  Flow run(const std::vector<Statement> &body, Frame &frame);
  bool effect(sym::ExprId effect, Frame &frame);
  bool step(const Function *f);

  const std::vector<Function> &functions_;
  NativeEvaluator *native_;
  int depth_ = 0;
  int64_t steps_ = 0; ///< statements run in this evaluation
  std::string failure_;
};

} // namespace mocc::flat
