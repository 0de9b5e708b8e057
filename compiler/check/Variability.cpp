// MLS 3.8, variability of expressions: the binding of a constant is a
// constant expression and that of a parameter a parameter expression
// (4.5); a discrete-valued variable (Integer, Boolean, String,
// enumeration) is bound to a discrete-time expression (3.8.3); a discrete
// Real is assigned in when-clauses only (4.5). Checked on the flat model.
#include "compiler/check/Checker.h"

#include <functional>
#include <set>
#include <tuple>
#include <unordered_map>

namespace mocc::check {

namespace {

using V = flat::VariabilityKind;

int rank(V v) {
  switch (v) {
  case V::Constant: return 0;
  case V::Parameter: return 1;
  case V::Discrete: return 2;
  case V::Continuous: return 3;
  }
  return 3;
}

const char *variabilityName(V v) {
  switch (v) {
  case V::Constant: return "constant";
  case V::Parameter: return "parameter";
  case V::Discrete: return "discrete-time";
  case V::Continuous: return "continuous-time";
  }
  return "";
}

} // namespace

void Checker::checkVariability() {
  const flat::FlatModel &m = flat_;
  const sym::ExprPool &pool = m.pool;
  // The highest variability of a variable in an expression, and which.
  auto highest = [&](sym::ExprId e, const flat::Variable *&which) {
    int worst = 0;
    which = nullptr;
    for (sym::VarId v : sym::variablesOf(pool, e)) {
      const flat::Variable &var = m.var(v);
      if (rank(var.variability) > worst) {
        worst = rank(var.variability);
        which = &var;
      }
    }
    return worst;
  };
  for (const flat::Variable &v : m.variables) {
    if ((v.variability != V::Constant && v.variability != V::Parameter) || !v.binding.valid())
      continue;
    if (v.attributes.fixed == false)
      continue; // computed by initialization
    const flat::Variable *which = nullptr;
    int worst = highest(v.binding, which);
    bool usesTime = false;
    sym::ExprId roots[] = {v.binding};
    sym::forEachNode(pool, roots, [&](sym::ExprId id) { usesTime |= pool.op(id) == sym::OpKind::Time; });
    if (worst <= rank(v.variability) && !usesTime)
      continue;
    std::string what = usesTime ? "`time`"
                                : "`" + which->name + "`, a " +
                                      std::string(variabilityName(which->variability)) +
                                      (which->variability == V::Parameter ? "" : " variable");
    report(diag::BindingVariability, v.bindingLoc.valid() ? v.bindingLoc : v.loc,
           {variabilityName(v.variability), v.name, what});
  }
  // The attributes min, max and nominal are parameters of the predefined
  // types (MLS 3.6 section 4.8, with 3.8): each is a parameter expression,
  // whatever the variability of its variable (`Real k(min = time)` was
  // accepted). Said once per declaration and attribute, not per element.
  std::set<std::tuple<uint32_t, uint32_t, std::string>> reportedAttributes;
  for (const flat::Variable &v : m.variables) {
    const std::pair<const char *, sym::ExprId> attributes[] = {
        {"min", v.attributes.min}, {"max", v.attributes.max}, {"nominal", v.attributes.nominal}};
    for (auto [name, e] : attributes) {
      if (!e.valid())
        continue;
      const flat::Variable *which = nullptr;
      int worst = highest(e, which);
      bool usesTime = false;
      sym::ExprId roots[] = {e};
      sym::forEachNode(pool, roots, [&](sym::ExprId id) { usesTime |= pool.op(id) == sym::OpKind::Time; });
      if (worst <= rank(V::Parameter) && !usesTime)
        continue;
      if (!reportedAttributes.insert({v.loc.file.index, v.loc.begin, name}).second)
        continue;
      std::string what = usesTime ? "`time`"
                                  : "`" + which->name + "`, a " +
                                        std::string(variabilityName(which->variability)) + " variable";
      report(diag::AttributeVariability, v.loc, {name, v.name, what});
    }
  }
  // Discrete-time expressions (3.8.3): relations and event-generating
  // functions outside noEvent are discrete-time whatever their operands.
  std::unordered_map<uint64_t, bool> memo;
  std::function<bool(sym::ExprId, bool)> discrete = [&](sym::ExprId e, bool inNoEvent) -> bool {
    sym::OpKind op = pool.op(e);
    switch (op) {
    case sym::OpKind::Constant: return true;
    case sym::OpKind::Time: return false;
    case sym::OpKind::Variable:
      return pool.variableOf(e).index < m.variables.size() &&
             m.var(pool.variableOf(e)).variability != V::Continuous;
    default: break;
    }
    if (!inNoEvent && (sym::isRelation(op) || op == sym::OpKind::Floor || op == sym::OpKind::Ceil ||
                       op == sym::OpKind::IntDiv))
      return true;
    bool noEvent = inNoEvent || op == sym::OpKind::NoEvent;
    uint64_t key = (static_cast<uint64_t>(e.index) << 1) | (noEvent ? 1 : 0);
    if (auto it = memo.find(key); it != memo.end())
      return it->second;
    bool result = true;
    for (sym::ExprId operand : pool.operands(e))
      if (!discrete(operand, noEvent)) {
        result = false;
        break;
      }
    memo[key] = result;
    return result;
  };
  for (const flat::Equation &eq : m.equations) {
    if (eq.origin != flat::EquationOriginKind::Binding)
      continue;
    sym::VarId x = pool.variableOf(eq.lhs);
    if (!x.valid())
      continue;
    const flat::Variable &var = m.var(x);
    if (var.special != flat::SpecialKind::None)
      continue;
    if (var.type == flat::TypeKind::Real && var.variability == V::Discrete) {
      report(diag::DiscreteRealBinding, eq.loc, {var.name});
      continue;
    }
    if (var.type != flat::TypeKind::Real && var.variability == V::Discrete &&
        !discrete(eq.rhs, false))
      report(diag::DiscreteBindingNotDiscrete, eq.loc, {flat::typeName(var.type), var.name});

  }
}

} // namespace mocc::check
