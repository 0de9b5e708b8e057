// Building the simulation plan: parameter order, start values, the
// initialization sequence and the simulation residual with its Jacobian
// pattern and coloring.
#include "compiler/causalize/Causalize.h"

#include "compiler/causalize/EquationSystem.h"
#include "compiler/structural/BLT.h"
#include "compiler/structural/Coloring.h"
#include "compiler/symbolic/Solve.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace mocc::causalize {

using codegen::KernelSpec;
using codegen::KernelStep;
using sym::ExprId;
using sym::VarId;

namespace {

/// Values of parameters and constants known at compile time.
class ConstantEvaluator {
public:
  explicit ConstantEvaluator(const flat::FlatModel &model)
      : model_(model), state_(model.size(), 0), values_(model.size(), 0.0) {}

  std::optional<double> operator()(ExprId expr) {
    return sym::evaluate(model_.pool, expr, [this](VarId v) { return valueOf(v); });
  }

private:
  std::optional<double> valueOf(VarId v) {
    if (state_[v.index] == 2)
      return values_[v.index];
    if (state_[v.index] != 0)
      return std::nullopt;
    const flat::Variable &var = model_.var(v);
    state_[v.index] = 1;
    std::optional<double> r;
    if (var.binding.valid() && var.attributes.fixed != false)
      r = (*this)(var.binding);
    state_[v.index] = r ? 2 : 3;
    if (r)
      values_[v.index] = *r;
    return r;
  }

  const flat::FlatModel &model_;
  std::vector<uint8_t> state_;
  std::vector<double> values_;
};

ExprId residualOf(sym::ExprPool &pool, const flat::Equation &eq) {
  return pool.sub(eq.lhs, eq.rhs);
}

/// The solution of eq for var when it is explicit (linear in var).
std::optional<ExprId> explicitSolution(sym::ExprPool &pool, const flat::Equation &eq, VarId var) {
  auto solution = sym::solveLinear(pool, eq.lhs, eq.rhs, var);
  if (!solution || sym::contains(pool, *solution, var))
    return std::nullopt;
  return solution;
}

/// Converts rows (sorted column lists) into a CSC pattern with a coloring.
rt::SparsityPattern makePattern(const std::vector<std::vector<int>> &rows, int numColumns) {
  rt::SparsityPattern p;
  p.size = numColumns;
  std::vector<int64_t> counts(numColumns + 1, 0);
  for (const auto &row : rows)
    for (int c : row)
      ++counts[c + 1];
  for (int c = 0; c < numColumns; ++c)
    counts[c + 1] += counts[c];
  p.colPtr = counts;
  p.rowIdx.assign(counts.back(), 0);
  std::vector<int64_t> next(counts.begin(), counts.end() - 1);
  for (size_t r = 0; r < rows.size(); ++r)
    for (int c : rows[r])
      p.rowIdx[next[c]++] = static_cast<int64_t>(r);
  auto graph = structural::BipartiteGraph::fromRows(numColumns, rows);
  auto coloring = structural::colorColumns(graph);
  p.colors.assign(coloring.colors.begin(), coloring.colors.end());
  p.numColors = coloring.numColors;
  return p;
}

/// Merges sorted vector b into sorted vector a.
void mergeInto(std::vector<int> &a, const std::vector<int> &b) {
  if (b.empty())
    return;
  std::vector<int> out;
  out.reserve(a.size() + b.size());
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  a = std::move(out);
}

/// Computes, step by step, on which solver unknowns (columns) each assigned
/// slot and each residual depends.
class DependencyTracker {
public:
  DependencyTracker(const flat::FlatModel &model, std::vector<int> columnOfSlot)
      : model_(model), columnOfSlot_(std::move(columnOfSlot)), deps_(model.size()) {}

  std::vector<int> dependencies(ExprId expr) {
    std::vector<int> result;
    ExprId roots[] = {expr};
    sym::forEachNode(model_.pool, roots, [&](ExprId id) {
      VarId v = model_.pool.variableOf(id);
      if (!v.valid())
        return;
      if (int c = columnOfSlot_[v.index]; c >= 0)
        mergeInto(result, {c});
      else
        mergeInto(result, deps_[v.index]);
    });
    return result;
  }
  void assign(VarId var, ExprId expr) { deps_[var.index] = dependencies(expr); }

private:
  const flat::FlatModel &model_;
  std::vector<int> columnOfSlot_;
  std::vector<std::vector<int>> deps_;
};

class PlanBuilder {
public:
  PlanBuilder(flat::FlatModel &model, Diagnostics &diags)
      : model_(model), pool_(model.pool), diags_(diags), roles_(classifyVariables(model)),
        constants_(model) {}

  std::optional<SimulationPlan> run();

private:
  bool buildParameters();
  void buildStartValues();
  bool buildInitialization();
  bool buildSimulation();
  void buildOutputs();
  double nominalOf(VarId v);
  std::string describe(const EquationSystem &system, std::span<const int> eqs);

  flat::FlatModel &model_;
  sym::ExprPool &pool_;
  Diagnostics &diags_;
  std::vector<RoleKind> roles_;
  ConstantEvaluator constants_;
  SimulationPlan plan_;
};

// --- Parameters and start values ------------------------------------------------------------

bool PlanBuilder::buildParameters() {
  // Parameters in dependency order (Kahn's algorithm on binding references).
  size_t n = model_.size();
  std::vector<std::vector<uint32_t>> users(n);
  std::vector<int> pending(n, 0);
  std::vector<uint32_t> ready;
  std::vector<uint32_t> params;
  for (uint32_t i = 0; i < n; ++i) {
    const flat::Variable &v = model_.variables[i];
    if (roles_[i] != RoleKind::Known || !v.binding.valid() || v.attributes.fixed == false)
      continue;
    params.push_back(i);
    for (VarId dep : sym::variablesOf(pool_, v.binding)) {
      if (roles_[dep.index] != RoleKind::Known) {
        diags_.error(v.loc, "the binding of parameter `" + v.name + "` depends on `" +
                                model_.nameOf(dep) + "`, which is not a parameter");
        return false;
      }
      if (model_.var(dep).binding.valid()) {
        users[dep.index].push_back(i);
        ++pending[i];
      }
    }
  }
  for (uint32_t p : params)
    if (pending[p] == 0)
      ready.push_back(p);
  KernelSpec kernel{"mocc_parameters", {}, false};
  for (size_t k = 0; k < ready.size(); ++k) {
    uint32_t p = ready[k];
    kernel.steps.push_back({KernelStep::Kind::Assign, VarId{p}, model_.variables[p].binding});
    for (uint32_t user : users[p])
      if (--pending[user] == 0)
        ready.push_back(user);
  }
  if (ready.size() != params.size()) {
    for (uint32_t p : params)
      if (pending[p] != 0) {
        diags_.error(model_.variables[p].loc, "the binding of parameter `" +
                                                  model_.variables[p].name + "` depends on itself");
        return false;
      }
  }
  plan_.setParameters = kernel.name;
  plan_.kernels.push_back(std::move(kernel));
  return true;
}

void PlanBuilder::buildStartValues() {
  // Every slot that parameters do not compute starts at its start value.
  KernelSpec kernel{"mocc_start", {}, false};
  for (uint32_t i = 0; i < model_.size(); ++i) {
    const flat::Variable &v = model_.variables[i];
    bool computed = roles_[i] == RoleKind::Known && v.binding.valid() && v.attributes.fixed != false;
    if (!computed && v.attributes.start.valid())
      kernel.steps.push_back({KernelStep::Kind::Assign, VarId{i}, v.attributes.start});
  }
  plan_.setStartValues = kernel.name;
  plan_.kernels.push_back(std::move(kernel));
}

double PlanBuilder::nominalOf(VarId v) {
  ExprId nominal = model_.var(v).attributes.nominal;
  if (!nominal.valid())
    return 1.0;
  auto value = constants_(nominal);
  return value && std::isfinite(*value) && *value != 0 ? std::fabs(*value) : 1.0;
}

std::string PlanBuilder::describe(const EquationSystem &system, std::span<const int> eqs) {
  std::string text = "the system of " + std::to_string(eqs.size()) + " equation(s) ";
  for (size_t i = 0; i < eqs.size() && i < 4; ++i) {
    const flat::Equation &eq = system.equations[eqs[i]];
    text += i ? ", " : "";
    text += "`" + model_.print(eq.lhs) + " = " + model_.print(eq.rhs) + "`";
    if (eq.loc.valid()) {
      LineColumn lc = diags_.sources().lineColumn(eq.loc.start());
      text += " (" + diags_.sources().path(eq.loc.file) + ":" + std::to_string(lc.line) + ")";
    }
  }
  return text + (eqs.size() > 4 ? ", ..." : "");
}

// --- Initialization --------------------------------------------------------------------------

bool PlanBuilder::buildInitialization() {
  EquationSystem system;
  for (uint32_t i = 0; i < model_.size(); ++i) {
    const flat::Variable &v = model_.variables[i];
    bool freeParameter = roles_[i] == RoleKind::Known && v.attributes.fixed == false &&
                         !v.binding.valid() && v.variability == flat::VariabilityKind::Parameter;
    if (roles_[i] != RoleKind::Known || freeParameter)
      system.unknowns.push_back(VarId{i});
  }
  system.equations = model_.equations;
  system.equations.insert(system.equations.end(), model_.initialEquations.begin(),
                          model_.initialEquations.end());
  for (VarId v : system.unknowns) {
    const flat::Variable &var = model_.var(v);
    if (var.attributes.fixed == true && roles_[v.index] != RoleKind::Known &&
        var.attributes.start.valid())
      system.equations.push_back({pool_.variable(v), var.attributes.start, var.loc,
                                  flat::EquationOriginKind::FixedStart, 0});
  }
  system.build(model_);
  // Match as many non-states as possible first, then extend: augmenting
  // paths never unmatch a variable, so the unknowns left over are states
  // wherever that is possible, and those take their start values.
  auto matchPreferringNonStates = [&] {
    structural::MatchingConstraints nonStates;
    nonStates.isAllowed = [&](int, int var) {
      return roles_[system.unknowns[var].index] != RoleKind::State;
    };
    auto first = structural::computeMaximumMatching(system.graph, nonStates);
    return structural::computeMaximumMatching(system.graph, {}, std::move(first));
  };
  auto matching = matchPreferringNonStates();
  if (system.equations.size() <= system.unknowns.size()) {
    std::vector<std::string> fixed;
    for (size_t i = 0; i < system.unknowns.size(); ++i) {
      VarId v = system.unknowns[i];
      if (matching.varToEq[i] >= 0 || roles_[v.index] != RoleKind::State)
        continue;
      const flat::Variable &var = model_.var(v);
      ExprId start = var.attributes.start.valid() ? var.attributes.start : pool_.zero();
      system.equations.push_back({pool_.variable(v), start, var.loc,
                                  flat::EquationOriginKind::FixedStart, 0});
      fixed.push_back(var.name);
    }
    if (!fixed.empty()) {
      std::string list;
      for (size_t i = 0; i < fixed.size() && i < 8; ++i)
        list += (i ? ", " : "") + ("`" + fixed[i] + "`");
      if (fixed.size() > 8)
        list += ", ...";
      diags_.warning(model_.loc, "the initial conditions are not fully specified; using the start "
                                 "values of " + std::to_string(fixed.size()) + " state(s): " + list);
      system.build(model_);
      matching = matchPreferringNonStates();
    }
  }
  if (!matching.isPerfect() || system.equations.size() != system.unknowns.size()) {
    reportSingular(model_, system, matching, "the initialization problem", diags_);
    return false;
  }
  auto blocks = structural::computeBlockOrder(system.graph, matching);
  KernelSpec assign;
  auto flush = [&] {
    if (assign.steps.empty())
      return;
    assign.name = "mocc_init_" + std::to_string(plan_.init.size());
    plan_.init.push_back({rt::InitStep::Kind::Assign, assign.name, {}, {}, {}, ""});
    plan_.kernels.push_back(std::move(assign));
    assign = KernelSpec{};
  };
  for (int b = 0; b < blocks.numBlocks(); ++b) {
    auto eqs = blocks.equations(b);
    auto vars = blocks.variables(b);
    if (eqs.size() == 1) {
      VarId v = system.unknowns[vars[0]];
      if (auto solution = explicitSolution(pool_, system.equations[eqs[0]], v)) {
        assign.steps.push_back({KernelStep::Kind::Assign, v, *solution});
        continue;
      }
    }
    flush();
    KernelSpec kernel{"mocc_init_" + std::to_string(plan_.init.size()), {}, true};
    InitStepPlan step;
    step.kind = rt::InitStep::Kind::Solve;
    step.kernel = kernel.name;
    std::vector<int> column(system.unknowns.size(), -1);
    for (size_t k = 0; k < vars.size(); ++k) {
      column[vars[k]] = static_cast<int>(k);
      step.unknowns.push_back(static_cast<int32_t>(system.unknowns[vars[k]].index));
      step.nominal.push_back(nominalOf(system.unknowns[vars[k]]));
    }
    std::vector<std::vector<int>> rows;
    for (int e : eqs) {
      kernel.steps.push_back({KernelStep::Kind::Residual, {}, residualOf(pool_, system.equations[e])});
      std::vector<int> row;
      for (int var : system.graph.variables(e))
        if (column[var] >= 0)
          row.push_back(column[var]);
      std::sort(row.begin(), row.end());
      rows.push_back(std::move(row));
    }
    step.pattern = makePattern(rows, static_cast<int>(vars.size()));
    step.description = describe(system, eqs);
    plan_.init.push_back(std::move(step));
    plan_.kernels.push_back(std::move(kernel));
    ++plan_.statistics.initSystems;
  }
  flush();
  return true;
}

// --- Simulation ----------------------------------------------------------------------------------

bool PlanBuilder::buildSimulation() {
  EquationSystem system;
  for (uint32_t i = 0; i < model_.size(); ++i)
    if (roles_[i] == RoleKind::Derivative || roles_[i] == RoleKind::Algebraic)
      system.unknowns.push_back(VarId{i});
  system.equations = model_.equations;
  system.build(model_);
  auto matching = structural::computeMaximumMatching(system.graph);
  plan_.statistics.equations = system.equations.size();
  if (!matching.isPerfect() || system.equations.size() != system.unknowns.size()) {
    reportSingular(model_, system, matching, "the model", diags_);
    return false;
  }
  auto blocks = structural::computeBlockOrder(system.graph, matching);
  // IDA's vector: the states first, then algebraic unknowns of implicit blocks.
  std::vector<int> columnOfSlot(model_.size(), -1);
  for (uint32_t i = 0; i < model_.size(); ++i)
    if (roles_[i] == RoleKind::State) {
      columnOfSlot[i] = static_cast<int>(plan_.ySlot.size());
      columnOfSlot[model_.variables[i].derivative.index] = columnOfSlot[i];
      plan_.ySlot.push_back(static_cast<int32_t>(i));
      plan_.ypSlot.push_back(static_cast<int32_t>(model_.variables[i].derivative.index));
      plan_.yNominal.push_back(nominalOf(VarId{i}));
    }
  plan_.statistics.states = plan_.ySlot.size();
  KernelSpec kernel{"mocc_residual", {}, true};
  std::vector<std::pair<int, ExprId>> residuals; // block order
  for (int b = 0; b < blocks.numBlocks(); ++b) {
    auto eqs = blocks.equations(b);
    auto vars = blocks.variables(b);
    plan_.statistics.largestBlock = std::max(plan_.statistics.largestBlock, eqs.size());
    if (eqs.size() == 1) {
      VarId v = system.unknowns[vars[0]];
      const flat::Equation &eq = system.equations[eqs[0]];
      auto solution = explicitSolution(pool_, eq, v);
      if (solution && roles_[v.index] == RoleKind::Algebraic) {
        kernel.steps.push_back({KernelStep::Kind::Assign, v, *solution});
        ++plan_.statistics.assigned;
        continue;
      }
      if (solution) { // der(x) = f: the residual in solved form
        kernel.steps.push_back({KernelStep::Kind::Residual, {}, pool_.sub(pool_.variable(v), *solution)});
        continue;
      }
    }
    for (int var : vars) {
      VarId v = system.unknowns[var];
      if (roles_[v.index] != RoleKind::Algebraic)
        continue;
      columnOfSlot[v.index] = static_cast<int>(plan_.ySlot.size());
      plan_.ySlot.push_back(static_cast<int32_t>(v.index));
      plan_.ypSlot.push_back(-1);
      plan_.yNominal.push_back(nominalOf(v));
      ++plan_.statistics.algebraicInSolver;
    }
    for (int e : eqs)
      kernel.steps.push_back({KernelStep::Kind::Residual, {}, residualOf(pool_, system.equations[e])});
  }
  plan_.statistics.blocks = static_cast<size_t>(blocks.numBlocks());
  plan_.statistics.unknowns = system.unknowns.size() - plan_.statistics.states;
  // The Jacobian pattern: residual rows over IDA columns.
  DependencyTracker tracker(model_, columnOfSlot);
  std::vector<std::vector<int>> rows;
  for (const KernelStep &step : kernel.steps) {
    if (step.kind == KernelStep::Kind::Assign)
      tracker.assign(step.target, step.expr);
    else
      rows.push_back(tracker.dependencies(step.expr));
  }
  plan_.jacobian = makePattern(rows, static_cast<int>(plan_.ySlot.size()));
  plan_.residual = kernel.name;
  plan_.kernels.push_back(std::move(kernel));
  return true;
}

void PlanBuilder::buildOutputs() {
  for (uint32_t i = 0; i < model_.size(); ++i) {
    const flat::Variable &v = model_.variables[i];
    if (v.variability == flat::VariabilityKind::Parameter ||
        v.variability == flat::VariabilityKind::Constant)
      continue;
    plan_.outputs.push_back({v.name, static_cast<int32_t>(i)});
  }
}

std::optional<SimulationPlan> PlanBuilder::run() {
  plan_.numSlots = static_cast<int32_t>(model_.size());
  if (!buildSimulation() || !buildParameters())
    return std::nullopt;
  buildStartValues();
  if (!buildInitialization())
    return std::nullopt;
  buildOutputs();
  const flat::Experiment &e = model_.experiment;
  plan_.experiment.startTime = e.startTime.value_or(0.0);
  plan_.experiment.stopTime = e.stopTime.value_or(1.0);
  plan_.experiment.interval = e.interval.value_or(0.0);
  plan_.experiment.tolerance = e.tolerance.value_or(1e-6);
  return std::move(plan_);
}

} // namespace

std::optional<SimulationPlan> causalize(flat::FlatModel &model, Diagnostics &diags) {
  PlanBuilder builder(model, diags);
  return builder.run();
}

std::optional<PlanStatistics> checkModel(const flat::FlatModel &model, Diagnostics &diags) {
  auto roles = classifyVariables(model);
  EquationSystem system;
  for (uint32_t i = 0; i < model.size(); ++i)
    if (roles[i] == RoleKind::Derivative || roles[i] == RoleKind::Algebraic)
      system.unknowns.push_back(VarId{i});
  system.equations = model.equations;
  system.build(model);
  auto matching = structural::computeMaximumMatching(system.graph);
  if (!matching.isPerfect() || system.equations.size() != system.unknowns.size()) {
    reportSingular(model, system, matching, "the model", diags);
    return std::nullopt;
  }
  PlanStatistics stats;
  stats.equations = system.equations.size();
  for (RoleKind r : roles)
    stats.unknowns += r == RoleKind::State || r == RoleKind::Algebraic;
  for (RoleKind r : roles)
    stats.states += r == RoleKind::State;
  return stats;
}

} // namespace mocc::causalize
