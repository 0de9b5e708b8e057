// Implementation of equation systems: variable roles, incidence graphs and
// the diagnosis of unbalanced and structurally singular systems.
#include "compiler/causalize/EquationSystem.h"

#include "compiler/structural/Diagnosis.h"

#include <algorithm>

namespace mocc::causalize {

std::vector<RoleKind> classifyVariables(const flat::FlatModel &model) {
  std::vector<RoleKind> roles(model.size(), RoleKind::Algebraic);
  std::vector<char> inWhen = model.assignedInWhen();
  for (size_t i = 0; i < model.size(); ++i) {
    const flat::Variable &v = model.variables[i];
    bool topLevelInput = v.topLevelInput;
    // The runtime sets the variables of pre(), initial(), sample(), ... and
    // the event update assigns those of when-clauses: known between events.
    if (v.special != flat::SpecialKind::None || inWhen[i])
      roles[i] = RoleKind::Known;
    else if (v.derivativeOf.valid())
      roles[i] = RoleKind::Derivative;
    else if (v.variability == flat::VariabilityKind::Parameter ||
             v.variability == flat::VariabilityKind::Constant || topLevelInput)
      roles[i] = RoleKind::Known;
    else if (v.derivative.valid())
      roles[i] = RoleKind::State;
  }
  return roles;
}

void EquationSystem::build(const flat::FlatModel &model) {
  localOf.assign(model.size(), -1);
  for (size_t i = 0; i < unknowns.size(); ++i)
    localOf[unknowns[i].index] = static_cast<int32_t>(i);
  buildGraph(model);
}

void EquationSystem::buildFamilies(const flat::FlatModel &model) {
  localOf.assign(model.size(), -1);
  for (size_t i = 0; i < unknowns.size(); ++i)
    for (sym::VarId v = unknowns[i]; v.valid(); v = model.var(v).derivative)
      localOf[v.index] = static_cast<int32_t>(i);
  buildGraph(model);
}

void EquationSystem::buildGraph(const flat::FlatModel &model) {
  std::vector<std::vector<int>> rows(equations.size());
  std::vector<uint32_t> stamp(unknowns.size(), UINT32_MAX);
  for (size_t e = 0; e < equations.size(); ++e) {
    sym::ExprId roots[] = {equations[e].lhs, equations[e].rhs};
    sym::forEachNode(model.pool, roots, [&](sym::ExprId id) {
      sym::VarId v = model.pool.variableOf(id);
      if (!v.valid() || localOf[v.index] < 0)
        return;
      int local = localOf[v.index];
      if (stamp[local] == e)
        return;
      stamp[local] = static_cast<uint32_t>(e);
      rows[e].push_back(local);
    });
    std::sort(rows[e].begin(), rows[e].end());
  }
  graph = structural::BipartiteGraph::fromRows(static_cast<int>(unknowns.size()), rows);
}

namespace {

constexpr size_t kMaxListed = 12;

void listEquations(const flat::FlatModel &model, const EquationSystem &system,
                   const std::vector<int> &eqs, Diagnostics &diags) {
  for (size_t i = 0; i < eqs.size() && i < kMaxListed; ++i) {
    const flat::Equation &eq = system.equations[eqs[i]];
    diags.report(diag::NoteEquation, eq.loc, {model.print(eq.lhs), model.print(eq.rhs)});
  }
  if (eqs.size() > kMaxListed)
    diags.report(diag::NoteMoreEquations, {}, {eqs.size() - kMaxListed});
}

void listVariables(const flat::FlatModel &model, const EquationSystem &system,
                   const std::vector<int> &vars, Diagnostics &diags) {
  for (size_t i = 0; i < vars.size() && i < kMaxListed; ++i) {
    const flat::Variable &v = model.var(system.unknowns[vars[i]]);
    diags.report(diag::NoteVariable, v.loc, {v.name});
  }
  if (vars.size() > kMaxListed)
    diags.report(diag::NoteMoreVariables, {}, {vars.size() - kMaxListed});
}

std::string count(size_t n, const char *noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

} // namespace

void reportSingular(const flat::FlatModel &model, const EquationSystem &system,
                    const structural::Matching &matching, const char *what, Diagnostics &diags) {
  auto dm = structural::computeDulmageMendelsohn(system.graph, matching);
  size_t eqs = system.equations.size(), vars = system.unknowns.size();
  // Equal counts: a singular structure; otherwise say which way it is off.
  std::string problem = eqs == vars ? std::string(what) + " is structurally singular"
                        : eqs > vars ? std::string(what) + " is overdetermined (" +
                                           count(eqs, "equation") + " for " + count(vars, "unknown") + ")"
                                     : std::string(what) + " is underdetermined (" +
                                           count(eqs, "equation") + " for " + count(vars, "unknown") + ")";
  if (!dm.overEquations.empty()) {
    size_t n = dm.overEquations.size();
    diags.report(diag::SingularEquationsDetermineFew, model.loc,
                 {problem, count(n, "equation"), n == 1 ? "s" : "",
                  count(dm.overVariables.size(), "variable")});
    listEquations(model, system, dm.overEquations, diags);
    listVariables(model, system, dm.overVariables, diags);
  }
  if (!dm.underVariables.empty()) {
    size_t n = dm.underVariables.size();
    diags.report(diag::SingularVariablesAppearInFew, model.loc,
                 {problem, count(n, "variable"), n == 1 ? "s" : "",
                  count(dm.underEquations.size(), "equation")});

    listVariables(model, system, dm.underVariables, diags);
    listEquations(model, system, dm.underEquations, diags);
  }
}

} // namespace mocc::causalize
