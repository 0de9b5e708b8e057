// Why a value is not finite: the operation where a NaN or an infinity first
// appears in an expression (a square root of a negative number, a division
// by zero, an overflow), for the messages that stop a translation or a run
// on such a value instead of letting it into the results.
#pragma once

#include "compiler/symbolic/Expr.h"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mocc::sym {

/// Values for explainNonFinite; each gives nothing where the value is unknown.
struct ValueSource {
  std::function<std::optional<double>(VarId)> variable;
  std::optional<double> time;
  /// The outputs of function `function` called with `args`; may be empty
  /// (calls have no value then).
  std::function<std::optional<std::vector<double>>(uint32_t function, std::span<const double> args)>
      call;
};

/// What explainNonFinite found.
struct NonFinite {
  std::optional<double> value; ///< of the whole expression, where known
  /// The operation whose value is not finite although its operands are, in
  /// words: "square root of a negative number: `sqrt(x - 1)` with `x - 1` =
  /// -0.5". Empty if the value is finite or unknown, or if it is that of
  /// `source`.
  std::string why;
  /// A variable that is not finite and whose value the expression takes
  /// on (the NaN came from elsewhere); invalid otherwise.
  VarId source;
};

/// Evaluates `expr` and, if its value is not finite, follows the operands
/// that are not finite (the branch an if-expression takes) down to where it
/// started. Iterative: any depth of expression.
NonFinite explainNonFinite(const ExprPool &pool, ExprId expr, const ValueSource &values,
                           const std::function<std::string(VarId)> &nameOf,
                           const std::function<std::string(uint32_t)> &functionName);

/// "NaN", "inf" or "-inf" (or the shortest round-trip form of a finite x).
std::string formatValue(double x);

} // namespace mocc::sym
