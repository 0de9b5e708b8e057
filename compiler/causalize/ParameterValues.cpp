// Values of parameters and constants at translation; see ParameterValues.h.
#include "compiler/causalize/ParameterValues.h"

#include "compiler/flat/Evaluate.h"
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
  if (var.binding.valid() && var.attributes.fixed != false) {
    value = (*this)(var.binding);
    if (!value)
      value = withCalls(var.binding);
  }
  state_[v.index] = value ? State::Known : State::None;
  if (value)
    values_[v.index] = *value;
  return value;
}

/// A binding that calls functions: an output of a call whose arguments
/// have values (one run per call for all its outputs), or any other
/// expression through the interpreter.
std::optional<double> ParameterValues::withCalls(sym::ExprId binding) {
  const sym::ExprPool &pool = model_.pool;
  bool calls = false;
  sym::ExprId roots[] = {binding};
  sym::forEachNode(pool, roots,
                   [&](sym::ExprId id) { calls = calls || pool.op(id) == sym::OpKind::Call; });
  if (!calls)
    return std::nullopt;
  flat::FunctionInterpreter interpreter(model_.functions);
  auto valueOf = [this](sym::VarId v) { return of(v); };
  if (pool.op(binding) != sym::OpKind::Output)
    return interpreter.evaluate(pool, binding, valueOf);
  sym::ExprId call = pool.operand(binding, 0);
  auto known = calls_.find(call.index);
  if (known == calls_.end()) {
    std::vector<double> args;
    for (sym::ExprId arg : pool.operands(call)) {
      auto v = (*this)(arg);
      if (!v) {
        args.clear();
        break;
      }
      args.push_back(*v);
    }
    std::vector<double> outputs;
    if (args.size() == pool.operands(call).size())
      if (auto result = interpreter.call(pool.node(call).payload.index, args))
        outputs = std::move(*result);
    known = calls_.emplace(call.index, std::move(outputs)).first;
  }
  uint32_t k = pool.node(binding).payload.index;
  if (k >= known->second.size())
    return std::nullopt;
  return known->second[k];
}

std::optional<double> ParameterValues::operator()(sym::ExprId expr) {
  return sym::evaluate(model_.pool, expr, [this](sym::VarId v) { return of(v); });
}

} // namespace mocc::causalize
