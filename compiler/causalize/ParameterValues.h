// The values that parameters and constants have at translation, for the
// decisions causalization takes on them: which Jacobian entries are zero
// whatever the unknowns (KnownSlots), whether a coefficient can vanish
// (BlockCausalizer), a nominal value.
#pragma once

#include "compiler/flat/FlatModel.h"

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace mocc::causalize {

/// A variable's value is its binding's, evaluated with the values of the
/// variables it uses, unless it has no binding or is fixed = false (its
/// value is then found by initialization): then it has none, and neither
/// has a binding that uses it or that refers back to itself. A binding that
/// calls a function (`e = normalizeWithAssert(n)`, compiled because of its
/// assert) is run by the interpreter of flat/Evaluate.h, each call once.
/// Values are computed once per variable; variables added to the model
/// later are evaluated when asked for.
class ParameterValues {
public:
  explicit ParameterValues(const flat::FlatModel &model) : model_(model) {}

  /// The value of variable `v`, if it has one.
  std::optional<double> of(sym::VarId v);

  /// The value of an expression of such variables and constants.
  std::optional<double> operator()(sym::ExprId expr);

private:
  enum class State : uint8_t { Unknown, Evaluating, Known, None };

  void grow();
  /// The value of `v` if it is known already.
  std::optional<double> known(sym::VarId v) const;
  /// Evaluates `v` and the variables its binding uses, dependencies first.
  void resolve(sym::VarId v);
  /// A binding that calls functions, run by the interpreter (its uses known).
  std::optional<double> withCalls(sym::ExprId binding);

  const flat::FlatModel &model_;
  std::vector<State> state_;
  std::vector<double> values_;
  /// The outputs of each Call node run so far (empty: it failed).
  std::unordered_map<uint32_t, std::vector<double>> calls_;
};

} // namespace mocc::causalize
