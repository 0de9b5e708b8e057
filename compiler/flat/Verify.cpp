// The flat model's checker (Verify.h).
#include "compiler/flat/Verify.h"

#include <unordered_set>

namespace mocc::flat {

namespace {

class FlatVerifier {
public:
  FlatVerifier(const FlatModel &model, bool flattened)
      : model_(model), flattened_(flattened), visited_(model.pool.size(), 0) {}

  std::vector<std::string> run() {
    checkVariables();
    auto equations = [&](const std::vector<Equation> &list, const char *what) {
      for (size_t i = 0; i < list.size(); ++i) {
        std::string where = std::string(what) + " " + std::to_string(i);
        expression(list[i].lhs, where);
        expression(list[i].rhs, where);
      }
    };
    equations(model_.equations, "equation");
    equations(model_.initialEquations, "initial equation");
    for (size_t i = 0; i < model_.assertions.size(); ++i)
      expression(model_.assertions[i].condition, "assertion " + std::to_string(i));
    for (size_t i = 0; i < model_.calls.size(); ++i)
      expression(model_.calls[i].call, "call " + std::to_string(i));
    for (size_t c = 0; c < model_.whenClauses.size(); ++c) {
      std::string where = "when-clause " + std::to_string(c);
      for (const WhenBranch &branch : model_.whenClauses[c].branches) {
        for (sym::ExprId condition : branch.conditions)
          expression(condition, where);
        for (const Equation &assignment : branch.assignments) {
          expression(assignment.lhs, where);
          expression(assignment.rhs, where);
        }
        for (const auto &[variable, value] : branch.reinits) {
          if (!inRange(variable))
            problem(where + ": reinit of a variable out of range");
          expression(value, where);
        }
      }
    }
    for (size_t a = 0; a < model_.arrayEquations.size(); ++a)
      arrayEquation(model_.arrayEquations[a], "array equation " + std::to_string(a));
    for (const ExternalObjectType &type : model_.externalObjects) {
      if (type.destructor >= model_.functions.size())
        problem("external object class `" + type.name + "` has no destructor in the table");
    }
    return std::move(problems_);
  }

private:
  void problem(std::string text) { problems_.push_back(std::move(text)); }

  bool inRange(sym::VarId v) const { return v.index < model_.variables.size(); }

  void checkVariables() {
    std::unordered_set<std::string_view> names;
    names.reserve(model_.variables.size());
    for (size_t i = 0; i < model_.variables.size(); ++i) {
      const Variable &v = model_.variables[i];
      sym::VarId self{static_cast<uint32_t>(i)};
      // The name of a special variable (a sample flag, pre(x), initial(), a
      // held relation) only describes it: two sample() calls with the same
      // arguments are two flags of one name.
      if (v.name.empty() || (v.special == SpecialKind::None && !names.insert(v.name).second))
        problem("variable " + std::to_string(i) + " `" + v.name + "`: its name is not unique");
      if (flattened_ && v.name.starts_with('$') && v.special != SpecialKind::Homotopy)
        problem("variable `" + v.name + "`: flattening made a `$` name");
      if (v.derivative.valid() &&
          (!inRange(v.derivative) || model_.var(v.derivative).derivativeOf.index != i))
        problem("variable `" + v.name + "`: its der() does not link back to it");
      if (v.derivativeOf.valid() &&
          (!inRange(v.derivativeOf) || model_.var(v.derivativeOf).derivative.index != i))
        problem("variable `" + v.name + "`: the variable it is der() of does not link to it");
      if (v.pre.valid() && (!inRange(v.pre) || model_.var(v.pre).preOf.index != self.index))
        problem("variable `" + v.name + "`: its pre() does not link back to it");
      if (v.preOf.valid() && (!inRange(v.preOf) || model_.var(v.preOf).pre.index != i))
        problem("variable `" + v.name + "`: the variable it is pre() of does not link to it");
      if (v.binding.valid()) {
        if (v.variability != VariabilityKind::Parameter &&
            v.variability != VariabilityKind::Constant)
          problem("variable `" + v.name + "` has a binding but is no parameter or constant");
        expression(v.binding, "the binding of `" + v.name + "`");
      }
    }
  }

  /// An array equation's box lies in x, its scalar equations are in the
  /// model, and the left side of the box's element k names der() of x's
  /// element k (ArrayEquation's contract).
  void arrayEquation(const ArrayEquation &a, const std::string &where) {
    size_t n = a.dims.size(), size = 1, count = 1;
    if (n == 0 || a.lo.size() != n || a.hi.size() != n) {
      problem(where + ": its box and x's sizes have different ranks");
      return;
    }
    for (size_t d = 0; d < n; ++d) {
      if (a.lo[d] < 1 || a.lo[d] > a.hi[d] || a.hi[d] > a.dims[d]) {
        problem(where + ": its box is not a block of x's indices");
        return;
      }
      size *= static_cast<size_t>(a.dims[d]);
      count *= static_cast<size_t>(a.hi[d] - a.lo[d] + 1);
    }
    if (count != a.count || a.first + a.count > model_.equations.size() ||
        !a.state.valid() || a.state.index + size > model_.variables.size()) {
      problem(where + ": its equations or x's variables are not in the model");
      return;
    }
    const sym::ExprPool &pool = model_.pool;
    std::vector<int64_t> at = a.lo;
    for (size_t k = 0; k < a.count; ++k) {
      size_t element = 0;
      for (size_t d = 0; d < n; ++d)
        element = element * static_cast<size_t>(a.dims[d]) + static_cast<size_t>(at[d] - 1);
      for (size_t d = n; d-- > 0;) {
        if (++at[d] <= a.hi[d])
          break;
        at[d] = a.lo[d];
      }
      sym::VarId der = model_.variables[a.state.index + element].derivative;
      sym::ExprId lhs = model_.equations[a.first + k].lhs;
      bool found = false;
      if (der.valid() && lhs.valid() && lhs.index < pool.size()) {
        // The left side is der(x), c * der(x), der(x) * c or der(x) / c.
        auto isDer = [&](sym::ExprId e) {
          return pool.op(e) == sym::OpKind::Variable && pool.variableOf(e) == der;
        };
        found = isDer(lhs);
        for (sym::ExprId operand : pool.operands(lhs))
          found = found || isDer(operand);
      }
      if (!found) {
        problem(where + ": equation " + std::to_string(a.first + k) +
                " is not the der() of its element of x");
        return;
      }
    }
  }

  /// Every node of `root` in the pool, its variables and calls in range.
  void expression(sym::ExprId root, const std::string &where) {
    const sym::ExprPool &pool = model_.pool;
    if (!root.valid() || root.index >= pool.size()) {
      problem(where + ": an expression that is not in the pool");
      return;
    }
    if (visited_[root.index])
      return;
    visited_[root.index] = 1;
    stack_.clear();
    stack_.push_back(root);
    while (!stack_.empty()) {
      sym::ExprId id = stack_.back();
      stack_.pop_back();
      sym::OpKind op = pool.op(id);
      if (op == sym::OpKind::Variable && !inRange(pool.variableOf(id)))
        problem(where + ": a variable out of range");
      if (op == sym::OpKind::Call && pool.node(id).payload.index >= model_.functions.size())
        problem(where + ": a call of a function that is not in the table");
      for (sym::ExprId operand : pool.operands(id)) {
        if (!visited_[operand.index]) {
          visited_[operand.index] = 1;
          stack_.push_back(operand);
        }
      }
    }
  }

  const FlatModel &model_;
  bool flattened_;
  std::vector<uint8_t> visited_;
  std::vector<sym::ExprId> stack_;
  std::vector<std::string> problems_;
};

} // namespace

std::vector<std::string> verify(const FlatModel &model, bool flattened) {
  return FlatVerifier(model, flattened).run();
}

} // namespace mocc::flat
