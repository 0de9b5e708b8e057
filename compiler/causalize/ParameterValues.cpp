// Values of parameters and constants at translation; see ParameterValues.h.
#include "compiler/causalize/ParameterValues.h"

#include "compiler/flat/Evaluate.h"
#include "compiler/symbolic/Expr.h"

namespace mocc::causalize {

std::optional<double> ParameterValues::of(sym::VarId v) {
  if (!v.valid() || v.index >= model_.size())
    return std::nullopt;
  grow();
  if (state_[v.index] == State::Unknown)
    resolve(v);
  return known(v);
}

std::optional<double> ParameterValues::operator()(sym::ExprId expr) {
  grow();
  for (sym::VarId v : sym::variablesOf(model_.pool, expr))
    if (v.index < model_.size() && state_[v.index] == State::Unknown)
      resolve(v);
  return sym::evaluate(model_.pool, expr, [this](sym::VarId v) { return known(v); });
}

void ParameterValues::grow() {
  if (state_.size() < model_.size()) {
    state_.resize(model_.size(), State::Unknown);
    values_.resize(model_.size(), 0.0);
  }
}

std::optional<double> ParameterValues::known(sym::VarId v) const {
  if (v.index >= state_.size() || state_[v.index] != State::Known)
    return std::nullopt;
  return values_[v.index];
}

void ParameterValues::resolve(sym::VarId root) {
  // Dependencies first, on a stack of our own: a chain of 20,000
  // parameters each bound to the next nested 20,000 evaluations, each
  // holding a traversal's marks of the whole pool (1.7 GB, 4.8 s).
  std::vector<std::pair<uint32_t, bool>> stack{{root.index, false}}; // variable, expanded
  while (!stack.empty()) {
    auto [v, expanded] = stack.back();
    const flat::Variable &var = model_.var(sym::VarId{v});
    if (!expanded) {
      if (state_[v] != State::Unknown) {
        stack.pop_back();
        continue;
      }
      if (!var.binding.valid() || var.attributes.fixed == false) {
        state_[v] = State::None;
        stack.pop_back();
        continue;
      }
      state_[v] = State::Evaluating;
      stack.back().second = true;
      std::vector<sym::VarId> uses = sym::variablesOf(model_.pool, var.binding);
      for (size_t i = uses.size(); i-- > 0;)
        if (uses[i].index < model_.size() && state_[uses[i].index] == State::Unknown)
          stack.push_back({uses[i].index, false});
      continue;
    }
    stack.pop_back();
    // A use still Evaluating refers back to this binding: it has no value.
    auto value =
        sym::evaluate(model_.pool, var.binding, [this](sym::VarId u) { return known(u); });
    if (!value)
      value = withCalls(var.binding);
    state_[v] = value ? State::Known : State::None;
    if (value)
      values_[v] = *value;
  }
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
  auto valueOf = [this](sym::VarId v) { return known(v); };
  if (pool.op(binding) != sym::OpKind::Output)
    return interpreter.evaluate(pool, binding, valueOf);
  sym::ExprId call = pool.operand(binding, 0);
  auto known = calls_.find(call.index);
  if (known == calls_.end()) {
    std::vector<double> args;
    for (sym::ExprId arg : pool.operands(call)) {
      auto v = sym::evaluate(pool, arg, [this](sym::VarId u) { return this->known(u); });
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

} // namespace mocc::causalize
