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
      f.diags().report(diag::ModelAlgorithmAssignsOutside, ref->range, {ref->str()});
      return false;
    }
    // MLS 4.4.5: a conditional component is only used in connect
    // equations, whether its condition holds or not (as Lowering.cpp says
    // for its uses in expressions).
    if (found.instance->condition()) {
      f.diags().report(diag::ConditionalComponentOutsideConnect, ref->parts[0].range,
                       {found.instance->path()});
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

namespace {

/// Variables an algorithm assigns (whole components), each with its value.
using Targets = std::vector<std::pair<Instance *, Value>>;

/// One algorithm section of a model being lowered (see
/// Flattener::lowerAlgorithm): its statements other than when-statements
/// give equations, its when-statements when-clauses.
class AlgorithmLowering {
public:
  AlgorithmLowering(Flattener &f, const ast::AlgorithmSection &section, Scope scope)
      : f_(f), section_(section), scope_(scope) {}
  void run();

private:
  bool findTargets();
  bool groupWhens();
  bool lowerPlain();
  bool lowerWhenGroup(size_t first);
  bool lowerWhenBranch(const ast::StatementBranch &b, size_t w, size_t first, bool grouped,
                       const std::vector<ExprId> &groupScalars, flat::WhenClause &clause);
  ExprId pre(sym::VarId v);
  ExprId start(sym::VarId v);
  void reportNotInlinable(const FunctionLowering &lowering, SourceRange loc);

  Flattener &f_;
  const ast::AlgorithmSection &section_;
  Scope scope_;
  std::vector<const ast::Statement *> plain_;      ///< the statements but when-statements
  std::vector<const ast::WhenStatement *> whens_;  ///< the when-statements
  Targets targets_;                               ///< what the plain statements assign
  std::vector<Targets> whenTargets_;              ///< what each when-statement assigns
  std::vector<size_t> groupOf_; ///< each when-statement's group: its first member
};

void AlgorithmLowering::run() {
  // An algorithm section is a set of equations for the variables it assigns
  // (MLS 11.1): the statements run symbolically, each assigned variable
  // starting from pre(v) if it is discrete and from its start value
  // otherwise (MLS 11.1.2), and v = (its final value) is the equation.
  // A when-statement becomes a when-clause whose branches assign the final
  // values of its body (from pre(v)); it runs at events only.
  for (const auto &s : section_.statements) {
    if (s->kind == ast::StatementKind::When)
      whens_.push_back(&ast::cast<ast::WhenStatement>(*s));
    else
      plain_.push_back(s.get());
  }
  if (section_.initial && !whens_.empty()) {
    f_.diags().report(diag::WhenInInitialAlgorithm, whens_[0]->range);
    return;
  }
  if (!findTargets() || !groupWhens())
    return;
  if (!plain_.empty() && !lowerPlain())
    return;
  for (size_t first = 0; first < whens_.size(); ++first)
    if (groupOf_[first] == first && !lowerWhenGroup(first))
      return;
}

/// A variable's value before the algorithm runs at an event: pre(v), or v
/// itself for a parameter or constant.
ExprId AlgorithmLowering::pre(sym::VarId v) {
  const flat::Variable &var = f_.model().var(v);
  if (var.variability == flat::VariabilityKind::Parameter ||
      var.variability == flat::VariabilityKind::Constant)
    return f_.pool().variable(v);
  return f_.pool().variable(f_.model().preOf(v));
}

/// A variable's value where the statements outside when-statements begin
/// (MLS 11.1.2): pre(v) if it is discrete, else its start value.
ExprId AlgorithmLowering::start(sym::VarId v) {
  const flat::Variable &var = f_.model().var(v);
  bool discrete = var.variability == flat::VariabilityKind::Discrete ||
                  var.type != flat::TypeKind::Real;
  if (discrete && !section_.initial)
    return pre(v);
  return var.attributes.start.valid() ? var.attributes.start : f_.pool().zero();
}

/// Which variables the when-statements and the other statements assign;
/// those of a when-statement may not be assigned elsewhere in the section
/// (the equations would determine them twice).
bool AlgorithmLowering::findTargets() {
  whenTargets_.resize(whens_.size());
  for (size_t w = 0; w < whens_.size(); ++w) {
    std::vector<const ast::RefExpr *> refs;
    collectTargets(*whens_[w], refs);
    if (!algorithmTargets(f_, refs, scope_, whenTargets_[w]))
      return false;
  }
  std::vector<const ast::RefExpr *> refs;
  for (const ast::Statement *s : plain_)
    collectTargets(*s, refs);
  if (!algorithmTargets(f_, refs, scope_, targets_))
    return false;
  for (size_t w = 0; w < whens_.size(); ++w)
    for (auto &[instance, value] : whenTargets_[w]) {
      for (auto &t : targets_)
        if (t.first == instance) {
          f_.diags().report(diag::AssignedInAndOutsideWhen, whens_[w]->range, {instance->path()});
          return false;
        }
    }
  return true;
}

/// When-statements that assign the same variables become one when-clause
/// whose branches are theirs in reverse order: at an event where several
/// fire, the last in the algorithm wins, as sequential execution gives
/// (exact when each branch assigns every variable of the group without
/// reading them; checked in lowerWhenBranch).
bool AlgorithmLowering::groupWhens() {
  groupOf_.resize(whens_.size());
  for (size_t w = 0; w < whens_.size(); ++w) {
    groupOf_[w] = w;
    for (size_t other = 0; other < w && groupOf_[w] == w; ++other)
      for (auto &t : whenTargets_[other])
        for (auto &mine : whenTargets_[w])
          if (t.first == mine.first)
            groupOf_[w] = groupOf_[other];
    if (groupOf_[w] == w)
      continue;
    bool same = whenTargets_[w].size() == whenTargets_[groupOf_[w]].size();
    for (auto &mine : whenTargets_[w]) {
      bool found = false;
      for (auto &t : whenTargets_[groupOf_[w]])
        found |= t.first == mine.first;
      same &= found;
    }
    if (!same) {
      f_.diags().report(diag::AlgorithmWhensAssignDifferent, whens_[w]->range);
      return false;
    }
  }
  return true;
}

void AlgorithmLowering::reportNotInlinable(const FunctionLowering &lowering, SourceRange loc) {
  if (lowering.notInlinable)
    f_.diags().report(diag::ModelAlgorithmNotInlinable, loc, {lowering.notInlinableReason});
}

/// The statements outside when-statements: v = (its final value) for each
/// variable they assign.
bool AlgorithmLowering::lowerPlain() {
  FunctionLowering lowering(f_, scope_.instance, nullptr);
  lowering.setModelAlgorithm(nullptr, section_.initial);
  for (auto &[instance, value] : targets_)
    lowering.setValue(instance, mapScalars(f_, value, [&](sym::VarId v) { return start(v); }));
  for (const ast::Statement *s : plain_)
    if (!lowering.runStatement(*s, scope_.lexical)) {
      reportNotInlinable(lowering, s->range);
      return false;
    }
  auto &list = section_.initial ? f_.model().initialEquations : f_.model().equations;
  for (auto &[instance, value] : targets_) {
    if (value.isString()) { // texts known while translating
      f_.defineStrings(value, lowering.valueOf(instance), section_.range);
      continue;
    }
    std::vector<ExprId> vars, finals;
    appendScalars(value, vars);
    appendScalars(lowering.valueOf(instance), finals);
    for (size_t k = 0; k < vars.size(); ++k)
      list.push_back({vars[k], finals[k], section_.range,
                      section_.initial ? flat::EquationOriginKind::Initial
                                       : flat::EquationOriginKind::Equation, 0});
  }
  return true;
}

/// The when-clause of the group of when-statements that begins with `first`.
bool AlgorithmLowering::lowerWhenGroup(size_t first) {
  flat::WhenClause clause;
  clause.loc = whens_[first]->range;
  std::vector<ExprId> groupScalars;
  for (auto &[instance, value] : whenTargets_[first])
    appendScalars(value, groupScalars);
  for (size_t w = whens_.size(); w-- > first;) {
    if (groupOf_[w] != first)
      continue;
    bool grouped = w != first;
    for (size_t other = first + 1; other < whens_.size(); ++other)
      grouped |= groupOf_[other] == first && other != w;
    for (const ast::StatementBranch &b : whens_[w]->branches)
      if (!lowerWhenBranch(b, w, first, grouped, groupScalars, clause))
        return false;
  }
  f_.model().whenClauses.push_back(std::move(clause));
  return true;
}

/// One branch of when-statement `w` as a branch of its group's clause: its
/// body runs from pre(v) and assigns the final values.
bool AlgorithmLowering::lowerWhenBranch(const ast::StatementBranch &b, size_t w, size_t first,
                                        bool grouped, const std::vector<ExprId> &groupScalars,
                                        flat::WhenClause &clause) {
  flat::WhenBranch branch;
  branch.loc = b.range;
  auto conditions = f_.whenConditions(b.condition.get(), scope_, "when-statement");
  if (!conditions)
    return false;
  branch.conditions = std::move(*conditions);
  FunctionLowering lowering(f_, scope_.instance, nullptr);
  lowering.setModelAlgorithm(&branch, false);
  for (auto &[instance, value] : whenTargets_[w])
    lowering.setValue(instance, mapScalars(f_, value, [&](sym::VarId v) { return pre(v); }));
  if (!lowering.runStatements(b.body, scope_.lexical)) {
    reportNotInlinable(lowering, b.range);
    return false;
  }
  for (auto &[instance, value] : whenTargets_[first]) { // the group's order
    std::vector<ExprId> vars, finals;
    appendScalars(value, vars);
    appendScalars(lowering.valueOf(instance), finals);
    for (size_t k = 0; k < vars.size(); ++k) {
      if (grouped && !f_.independentOfGroup(groupScalars, finals[k])) {
        f_.diags().report(diag::AssignedInTwoWhenStatements, b.range, {instance->path()});
        return false;
      }
      branch.assignments.push_back(
          {vars[k], finals[k], b.range, flat::EquationOriginKind::Equation, 0});
    }
  }
  clause.branches.push_back(std::move(branch));
  return true;
}

} // namespace

void Flattener::lowerAlgorithm(const ast::AlgorithmSection &section, Scope scope) {
  AlgorithmLowering(*this, section, scope).run();
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
