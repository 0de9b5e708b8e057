// Algorithm sections of models (MLS 11.1): their statements run
// symbolically (FunctionLowering, in model mode) and become equations for
// the variables they assign; their when-statements become when-clauses.

#include "compiler/flatten/FunctionLowering.h"

namespace mocc::flattening {

using sym::ExprId;

/// The variables that `refs` assign (whole components), each with its
/// value, added to `targets` once; false after an error.
static bool algorithmTargets(Flattener &f, const std::vector<const ast::RefExpr *> &refs,
                             Scope scope, std::vector<std::pair<Instance *, Value>> &targets) {
  for (const ast::RefExpr *ref : refs) {
    inst::Found found = ref->global ? inst::Found{}
                                    : f.instantiator().lookupFirst(ref->parts[0].name, scope);
    if (found.kind != inst::Found::Kind::Component ||
        (ref->parts.size() > 1 && !found.instance->isRecord())) {
      f.diags().error(ref->range, "`" + ref->str() + "` cannot be assigned in an algorithm here: "
                                  "only variables of the model itself (and their elements) can");
      return false;
    }
    bool known = false;
    for (auto &t : targets)
      known |= t.first == found.instance;
    if (known)
      continue;
    auto value = f.instanceValue(found.instance, ref->range);
    if (!value)
      return false;
    targets.push_back({found.instance, std::move(*value)});
  }
  return true;
}

/// A value with each scalar replaced: `replace(variable, index)`.
static Value mapScalars(Flattener &f, const Value &value,
                        const std::function<ExprId(sym::VarId)> &replace) {
  std::vector<ExprId> scalars;
  appendScalars(value, scalars);
  for (ExprId &e : scalars)
    e = replace(f.pool().variableOf(e));
  size_t next = 0;
  return rebuild(value, scalars, next);
}

void Flattener::lowerAlgorithm(const ast::AlgorithmSection &section, Scope scope) {
  // An algorithm section is a set of equations for the variables it assigns
  // (MLS 11.1): the statements run symbolically, each assigned variable
  // starting from pre(v) if it is discrete and from its start value
  // otherwise (MLS 11.1.2), and v = (its final value) is the equation.
  // A when-statement becomes a when-clause whose branches assign the final
  // values of its body (from pre(v)); it runs at events only.
  std::vector<const ast::Statement *> plain;
  std::vector<const ast::WhenStatement *> whens;
  for (const auto &s : section.statements) {
    if (s->kind == ast::StatementKind::When)
      whens.push_back(&ast::cast<ast::WhenStatement>(*s));
    else
      plain.push_back(s.get());
  }
  if (section.initial && !whens.empty()) {
    diags_.error(whens[0]->range, "a when-statement is not allowed in an initial algorithm");
    return;
  }
  auto pre = [&](sym::VarId v) {
    const flat::Variable &var = model_.var(v);
    if (var.variability == flat::VariabilityKind::Parameter ||
        var.variability == flat::VariabilityKind::Constant)
      return pool_->variable(v);
    return pool_->variable(model_.preOf(v));
  };
  auto start = [&](sym::VarId v) {
    const flat::Variable &var = model_.var(v);
    bool discrete = var.variability == flat::VariabilityKind::Discrete ||
                    var.type != flat::TypeKind::Real;
    if (discrete && !section.initial)
      return pre(v);
    return var.attributes.start.valid() ? var.attributes.start : pool_->zero();
  };
  // Which variables the when-statements assign: they may not be assigned
  // elsewhere in the section (the equations would determine them twice).
  std::vector<std::vector<std::pair<Instance *, Value>>> whenTargets(whens.size());
  for (size_t w = 0; w < whens.size(); ++w) {
    std::vector<const ast::RefExpr *> refs;
    collectTargets(*whens[w], refs);
    if (!algorithmTargets(*this, refs, scope, whenTargets[w]))
      return;
  }
  std::vector<std::pair<Instance *, Value>> targets;
  {
    std::vector<const ast::RefExpr *> refs;
    for (const ast::Statement *s : plain)
      collectTargets(*s, refs);
    if (!algorithmTargets(*this, refs, scope, targets))
      return;
  }
  for (size_t w = 0; w < whens.size(); ++w)
    for (auto &[instance, value] : whenTargets[w]) {
      for (auto &t : targets)
        if (t.first == instance) {
          diags_.error(whens[w]->range, "`" + instance->path() + "` is assigned both inside and "
                                        "outside when-statements of this algorithm: not supported yet");
          return;
        }
    }
  // When-statements that assign the same variables become one when-clause
  // whose branches are theirs in reverse order: at an event where several
  // fire, the last in the algorithm wins, as sequential execution gives
  // (exact when each branch assigns every variable of the group without
  // reading them; checked below).
  std::vector<size_t> groupOf(whens.size());
  for (size_t w = 0; w < whens.size(); ++w) {
    groupOf[w] = w;
    for (size_t other = 0; other < w && groupOf[w] == w; ++other)
      for (auto &t : whenTargets[other])
        for (auto &mine : whenTargets[w])
          if (t.first == mine.first)
            groupOf[w] = groupOf[other];
    if (groupOf[w] == w)
      continue;
    bool same = whenTargets[w].size() == whenTargets[groupOf[w]].size();
    for (auto &mine : whenTargets[w]) {
      bool found = false;
      for (auto &t : whenTargets[groupOf[w]])
        found |= t.first == mine.first;
      same &= found;
    }
    if (!same) {
      diags_.error(whens[w]->range, "when-statements of this algorithm that assign some of the "
                                    "same variables must assign all the same: not supported yet");
      return;
    }
  }
  auto finish = [&](FunctionLowering &lowering, SourceRange loc) {
    if (lowering.notInlinable)
      diags_.error(loc, lowering.notInlinableReason + " in an algorithm section of a model is not "
                        "supported yet");
  };
  if (!plain.empty()) {
    FunctionLowering lowering(*this, scope.instance, nullptr);
    lowering.setModelAlgorithm(nullptr, section.initial);
    for (auto &[instance, value] : targets)
      lowering.setValue(instance, mapScalars(*this, value, start));
    for (const ast::Statement *s : plain)
      if (!lowering.runStatement(*s, scope.lexical)) {
        finish(lowering, s->range);
        return;
      }
    auto &list = section.initial ? model_.initialEquations : model_.equations;
    for (auto &[instance, value] : targets) {
      if (value.isString()) { // texts known while translating
        defineStrings(value, lowering.valueOf(instance), section.range);
        continue;
      }
      std::vector<ExprId> vars, finals;
      appendScalars(value, vars);
      appendScalars(lowering.valueOf(instance), finals);
      for (size_t k = 0; k < vars.size(); ++k)
        list.push_back({vars[k], finals[k], section.range,
                        section.initial ? flat::EquationOriginKind::Initial
                                        : flat::EquationOriginKind::Equation, 0});
    }
  }
  for (size_t first = 0; first < whens.size(); ++first) {
    if (groupOf[first] != first)
      continue;
    flat::WhenClause clause;
    clause.loc = whens[first]->range;
    std::vector<ExprId> groupScalars;
    for (auto &[instance, value] : whenTargets[first])
      appendScalars(value, groupScalars);
    for (size_t w = whens.size(); w-- > first;) {
      if (groupOf[w] != first)
        continue;
      bool grouped = w != first;
      for (size_t other = first + 1; other < whens.size(); ++other)
        grouped |= groupOf[other] == first && other != w;
      for (const ast::StatementBranch &b : whens[w]->branches) {
        flat::WhenBranch branch;
        branch.loc = b.range;
        auto conditions = whenConditions(b.condition.get(), scope, "when-statement");
        if (!conditions)
          return;
        branch.conditions = std::move(*conditions);
        FunctionLowering lowering(*this, scope.instance, nullptr);
        lowering.setModelAlgorithm(&branch, false);
        for (auto &[instance, value] : whenTargets[w])
          lowering.setValue(instance, mapScalars(*this, value, pre));
        if (!lowering.runStatements(b.body, scope.lexical)) {
          finish(lowering, b.range);
          return;
        }
        for (auto &[instance, value] : whenTargets[first]) { // the group's order
          std::vector<ExprId> vars, finals;
          appendScalars(value, vars);
          appendScalars(lowering.valueOf(instance), finals);
          for (size_t k = 0; k < vars.size(); ++k) {
            if (grouped && !independentOfGroup(groupScalars, finals[k])) {
              diags_.error(b.range, "`" + instance->path() + "` is assigned in two "
                                        "when-statements of this algorithm, and this one does "
                                        "not give it a value of its own: not supported yet");
              return;
            }
            branch.assignments.push_back(
                {vars[k], finals[k], b.range, flat::EquationOriginKind::Equation, 0});
          }
        }
        clause.branches.push_back(std::move(branch));
      }
    }
    model_.whenClauses.push_back(std::move(clause));
  }
}

/// Whether `value`, assigned to one of `targets` in a when-statement that
/// shares them with others, neither keeps the previous value nor reads
/// any of them (their pre()), so that the last statement that fires wins.
bool Flattener::independentOfGroup(const std::vector<ExprId> &targets, ExprId value) {
  for (sym::VarId v : sym::variablesOf(*pool_, value))
    for (ExprId t : targets) {
      sym::VarId target = pool_->variableOf(t);
      if (v == target || (model_.var(target).pre.valid() && v == model_.var(target).pre))
        return false;
    }
  return true;
}

} // namespace mocc::flattening
