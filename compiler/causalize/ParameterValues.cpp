// Values of parameters and constants at translation; see ParameterValues.h.
#include "compiler/causalize/ParameterValues.h"

#include "compiler/symbolic/Expr.h"

namespace mocc::causalize {

std::optional<double> ParameterValues::of(sym::VarId v) {
  if (!v.valid() || v.index >= model_.size())
    return std::nullopt;
  if (state_.size() < model_.size()) {
    state_.resize(model_.size(), State::Unknown);
    values_.resize(model_.size(), 0.0);
  }
  switch (state_[v.index]) {
  case State::Known:
    return values_[v.index];
  case State::Evaluating: // a binding that refers back to itself
  case State::None:
    return std::nullopt;
  case State::Unknown:
    break;
  }
  state_[v.index] = State::Evaluating;
  const flat::Variable &var = model_.var(v);
  std::optional<double> value;
  if (var.binding.valid() && var.attributes.fixed != false)
    value = (*this)(var.binding);
  state_[v.index] = value ? State::Known : State::None;
  if (value)
    values_[v.index] = *value;
  return value;
}

std::optional<double> ParameterValues::operator()(sym::ExprId expr) {
  return sym::evaluate(model_.pool, expr, [this](sym::VarId v) { return of(v); });
}

} // namespace mocc::causalize
