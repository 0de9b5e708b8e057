// Building the simulation plan from the index-reduced system: parameter
// order, start values, the residual kernel of each choice of states with
// its Jacobian pattern and coloring, the pivot kernel of dynamic state
// selection, and the initialization sequence.
#include "compiler/causalize/Causalize.h"

#include "compiler/causalize/BlockCausalizer.h"
#include "compiler/causalize/EquationSystem.h"
#include "compiler/causalize/Events.h"
#include "compiler/causalize/ParameterValues.h"
#include "compiler/causalize/SharedCalls.h"
#include "compiler/structural/BLT.h"
#include "compiler/symbolic/Differentiate.h"

#include <algorithm>
#include <set>
#include <chrono>
#include <cmath>
#include <iterator>
#include <memory>
#include <span>
#include <sstream>
#include <string_view>
#include <unordered_map>

namespace mocc::causalize {

using plan::KernelSpec;
using plan::KernelStep;
using sym::ExprId;
using sym::VarId;

namespace {

/// Measures one pass.
class PassTimer {
public:
  PassTimer(std::vector<std::pair<std::string, double>> &times, std::string name)
      : times_(times), name_(std::move(name)) {}
  ~PassTimer() {
    times_.push_back({name_, std::chrono::duration<double>(
                                 std::chrono::steady_clock::now() - start_).count()});
  }
  PassTimer(const PassTimer &) = delete;
  PassTimer &operator=(const PassTimer &) = delete;

private:
  std::vector<std::pair<std::string, double>> &times_;
  std::string name_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

/// The simulation system of one choice of states while it is planned.
struct SimulationSystem {
  EquationSystem system;
  std::vector<char> isState;  ///< per model variable
  std::vector<char> isForced; ///< per model variable: IDA's derivative
  std::vector<char> ownSlot;  ///< per model variable: a derivative slot this set uses
  std::unordered_map<uint32_t, VarId> stateOf; ///< IDA's derivative slot -> its state
  StateSetPlan set;
  std::unordered_map<uint32_t, int> columnOf;
};

class PlanBuilder {
public:
  PlanBuilder(flat::FlatModel &model, Diagnostics &diags, const CausalizeOptions &options)
      : model_(model), pool_(model.pool), diags_(diags), options_(options),
        roles_(classifyVariables(model)), originalSize_(model.size()) {}

  std::optional<SimulationPlan> run();
  /// Factors that parameter values make 0 which a planned step divides by.
  const std::vector<ExprId> &zeroSolves() const { return zeroSolves_; }

private:
  bool isKnown(VarId v) const {
    if (v.index < roles_.size())
      return roles_[v.index] == RoleKind::Known;
    return model_.var(v).special != flat::SpecialKind::None; // a selection matrix's entry
  }
  /// Known, and constant while a system is solved: not an entry of a
  /// selection matrix, which the run time changes (a coefficient of one
  /// cannot be divided by: it is 0 in most columns).
  bool isParameterLike(VarId v) const {
    return isKnown(v) && model_.var(v).special != flat::SpecialKind::Selection;
  }
  bool isFreeParameter(VarId v) const {
    const flat::Variable &var = model_.var(v);
    return isKnown(v) && var.attributes.fixed == false && !var.binding.valid() &&
           var.variability == flat::VariabilityKind::Parameter;
  }
  void createDerivativeSlots();
  void findKnownSlots();
  bool buildParameters();
  void buildStartValues();
  bool reportParameterCycle(const std::vector<uint32_t> &params, const std::vector<int> &pending);
  bool buildSimulation(size_t choice);
  void addStates(const StateChoice &choice, SimulationSystem &sim);
  void addColumns(SimulationSystem &sim, std::span<const int> vars, const BlockPlan &block);
  bool planBlocks(SimulationSystem &sim, KernelSpec &kernel, bool counted);
  bool limitDependencies(SimulationSystem &sim, BlockPlan &block,
                         std::span<const int> occurrences,
                         std::vector<std::vector<int>> &dependencies);
  void countBlock(const BlockPlan &block, size_t size);
  void buildPivotKernel();
  bool constantPivots(std::span<const int> rows, std::vector<VarId> columns);
  bool constantChoice(const SelectionMatrix &m);
  bool buildInitialization();
  void addStartEquations(EquationSystem &system, structural::Matching &matching);
  structural::Matching matchInitialization(const EquationSystem &system);
  void planInitBlocks(const EquationSystem &system, const structural::Matching &matching);
  void addSolveStep(BlockPlan block, std::string description);
  void batchInitKernels(size_t firstKernel);
  void splitOffAliases();
  std::vector<KernelStep> trailingAssignments(const std::vector<char> &isOwnSlot) const;
  void buildOutputs();
  void describeAlias(ExprId value, plan::OutputVariable &output) const;
  double nominalOf(VarId v);
  ExprId startOf(VarId v);
  std::vector<char> decidedVariables();
  void findOverridable();
  std::string describe(const EquationSystem &system, std::span<const int> eqs);

  flat::FlatModel &model_;
  sym::ExprPool &pool_;
  Diagnostics &diags_;
  const CausalizeOptions &options_;
  std::vector<RoleKind> roles_; ///< of the model as flattened
  size_t originalSize_;
  ReducedSystem reduced_;
  /// Per entry of reduced_.variables: the slot IDA's derivative of it uses
  /// when it is a state whose derivative is a state too (invalid if none).
  std::vector<VarId> derivativeSlot_;
  std::vector<VarId> derivativeSlots_; ///< all of them
  std::unique_ptr<ParameterValues> constants_;
  /// Parameters whose values are fixed at translation (findKnownSlots).
  KnownSlots knownSlots_;
  EventSystem events_;
  std::vector<char> heldAtStart_; ///< relations held at their start values in initialization
  std::vector<char> afterFreeParameters_; ///< parameters bound to free ones (buildParameters)
  /// Expressions whose values at translation decided something (a
  /// coefficient divided by, a nominal value; the patterns' in knownSlots_).
  std::vector<ExprId> decisions_;
  /// The model's equations with homotopy's lambda (takeHomotopyOut), for
  /// initialization; empty without homotopy.
  std::vector<flat::Equation> blended_;
  /// Factors that parameter values make 0 and that an explicit solution
  /// divided by (BlockCausalizer::recordZeroSolvesIn).
  std::vector<ExprId> zeroSolves_;
  /// Explicit solutions found while planning simulation, reused by
  /// initialization (BlockCausalizer.h).
  SolutionCache solutions_;
  /// Per variable: the fixed start equations x = x.start of initialization.
  std::vector<uint32_t> fixedStarts_;
  SimulationPlan plan_;
};

std::optional<SimulationPlan> PlanBuilder::run() {
  plan_.statistics.equations = model_.equations.size();
  {
    // Held relations and condition variables first: index reduction must
    // not differentiate a relation.
    PassTimer timer(plan_.passTimes, "events");
    events_ = prepareEvents(model_);
    blended_ = takeHomotopyOut(model_);
    roles_ = classifyVariables(model_);
    originalSize_ = model_.size();
  }
  auto reduced = reduceIndex(model_, diags_, options_.reduction);
  if (!reduced)
    return std::nullopt;
  reduced_ = std::move(*reduced);
  decisions_.insert(decisions_.end(), reduced_.zeroFactors.begin(), reduced_.zeroFactors.end());
  plan_.passTimes.insert(plan_.passTimes.end(), reduced_.passTimes.begin(), reduced_.passTimes.end());
  if (!substituteAliases(model_, events_, reduced_.aliases, diags_))
    return std::nullopt;
  createDerivativeSlots();
  constants_ = std::make_unique<ParameterValues>(model_);
  findKnownSlots();
  plan_.numSlots = static_cast<int32_t>(model_.size());
  {
    PassTimer timer(plan_.passTimes, "simulation blocks");
    for (size_t k = 0; k < reduced_.choices.size(); ++k)
      if (!buildSimulation(k))
        return std::nullopt;
    if (reduced_.choices.size() > 1 || !reduced_.matrices.empty())
      buildPivotKernel();
  }
  if (!planEvents(model_, events_, plan_, diags_))
    return std::nullopt;
  if (!buildParameters())
    return std::nullopt;
  buildStartValues();
  {
    PassTimer timer(plan_.passTimes, "initialization blocks");
    if (!buildInitialization())
      return std::nullopt;
  }
  findOverridable();
  splitOffAliases();
  buildOutputs();
  shareCallOutputs(model_.pool, plan_);
  const flat::Experiment &e = model_.experiment;
  plan_.experiment.startTime = e.startTime.value_or(0.0);
  plan_.experiment.stopTime = e.stopTime.value_or(1.0);
  plan_.experiment.interval = e.interval.value_or(0.0);
  plan_.experiment.tolerance = e.tolerance.value_or(1e-6);
  return std::move(plan_);
}

void PlanBuilder::createDerivativeSlots() {
  // A state s whose derivative d is a state too is in IDA's vector twice:
  // as s with derivative s' and as d. The residual s' - d = 0 needs a slot
  // of its own for s'.
  derivativeSlot_.assign(reduced_.variables.size(), VarId{});
  for (const StateChoice &choice : reduced_.choices)
    for (VarId s : choice.states) {
      int local = reduced_.localOf[s.index];
      VarId d = reduced_.variables[reduced_.varToDiff[local]];
      bool chained = std::binary_search(choice.states.begin(), choice.states.end(), d);
      if (!chained || derivativeSlot_[local].valid())
        continue;
      flat::Variable slot;
      slot.name = "$der(" + model_.nameOf(s) + ")";
      slot.loc = model_.var(s).loc;
      slot.isProtected = true;
      derivativeSlot_[local] = model_.addVariable(std::move(slot));
      derivativeSlots_.push_back(derivativeSlot_[local]);
    }
}

// --- Parameters and start values ------------------------------------------------------------

/// The parameters and constants whose bindings are constant expressions:
/// their values are fixed at translation (nothing sets a parameter at run
/// time), so the Jacobian patterns leave out what is zero given them.
/// Parameters found by initialization (fixed = false), and those whose
/// bindings depend on them, are not known.
void PlanBuilder::findKnownSlots() {
  for (uint32_t i = 0; i < model_.size(); ++i) {
    const flat::Variable &var = model_.variables[i];
    bool fixedValue = var.variability == flat::VariabilityKind::Parameter ||
                      var.variability == flat::VariabilityKind::Constant;
    if (!isKnown(VarId{i}) || !fixedValue || !var.binding.valid() ||
        var.attributes.fixed == false)
      continue;
    auto value = (*constants_)(var.binding);
    if (!value)
      continue;
    if (knownSlots_.known.size() < model_.size()) {
      knownSlots_.known.resize(model_.size(), 0);
      knownSlots_.value.resize(model_.size(), 0.0);
    }
    knownSlots_.known[i] = 1;
    knownSlots_.value[i] = *value;
  }
}

bool PlanBuilder::buildParameters() {
  // Parameters in dependency order (Kahn's algorithm on binding references).
  size_t n = originalSize_;
  std::vector<std::vector<uint32_t>> users(n);
  std::vector<int> pending(n, 0);
  std::vector<uint32_t> ready;
  std::vector<uint32_t> params;
  // A free parameter (fixed = false) takes its start value here, before
  // the parameters bound to it are computed from it (as a guess for
  // initialization, which finds them all): from a zero vector instead,
  // the MSL's JointRRR normalized n_b = {0, 0, 0} and its assert failed.
  auto expressionOf = [&](uint32_t i) {
    const flat::Variable &v = model_.variables[i];
    return isFreeParameter(VarId{i}) ? v.attributes.start : v.binding;
  };
  for (uint32_t i = 0; i < n; ++i) {
    const flat::Variable &v = model_.variables[i];
    bool free = isFreeParameter(VarId{i}) && v.attributes.start.valid();
    if (!free &&
        (roles_[i] != RoleKind::Known || !v.binding.valid() || v.attributes.fixed == false))
      continue;
    params.push_back(i);
    for (VarId dep : sym::variablesOf(pool_, expressionOf(i))) {
      if (!isKnown(dep)) {
        diags_.report(diag::ParameterDependsOnVariable, v.loc,
                      {free ? "the start value" : "the binding", v.name, model_.nameOf(dep)});
        return false;
      }
      if (expressionOf(dep.index).valid() &&
          (model_.var(dep).binding.valid() || isFreeParameter(dep))) {
        users[dep.index].push_back(i);
        ++pending[i];
      }
    }
  }
  for (uint32_t p : params)
    if (pending[p] == 0)
      ready.push_back(p);
  KernelSpec kernel{"mocc_parameters", {}, false};
  // A parameter whose binding depends on a free one (fixed = false: found
  // by initialization) is found by initialization too, through its binding
  // (InitSpringConstant: spring.spring.c = spring.c). It is computed here
  // from the start values first.
  afterFreeParameters_.assign(n, 0);
  for (size_t k = 0; k < ready.size(); ++k) {
    uint32_t p = ready[k];
    if (!isFreeParameter(VarId{p}))
      for (VarId dep : sym::variablesOf(pool_, model_.variables[p].binding))
        if (isFreeParameter(dep) || afterFreeParameters_[dep.index])
          afterFreeParameters_[p] = 1;
    kernel.steps.push_back({KernelStep::Kind::Assign, VarId{p}, expressionOf(p)});
    if (!isFreeParameter(VarId{p})) // a binding: the run may override it
      kernel.steps.back().overrideSlot = static_cast<int32_t>(p);
    kernel.steps.back().loc = model_.variables[p].bindingLoc.valid()
                                  ? model_.variables[p].bindingLoc
                                  : model_.variables[p].loc;
    for (uint32_t user : users[p])
      if (--pending[user] == 0)
        ready.push_back(user);
  }
  if (ready.size() != params.size())
    return reportParameterCycle(params, pending);
  plan_.setParameters = kernel.name;
  for (const KernelStep &step : kernel.steps)
    if (!isFreeParameter(step.target)) // an unknown of initialization
      plan_.constantSlots.push_back(step.target.index);
  plan_.kernels.push_back(std::move(kernel));
  return true;
}

bool PlanBuilder::reportParameterCycle(const std::vector<uint32_t> &params,
                                       const std::vector<int> &pending) {
  for (uint32_t p : params)
    if (pending[p] != 0) {
      bool free = isFreeParameter(VarId{p});
      diags_.report(diag::ParameterDependsOnItself, model_.variables[p].loc,
                    {free ? "the start value" : "the binding", model_.variables[p].name});
      break;
    }
  return false;
}

void PlanBuilder::buildStartValues() {
  // Every slot that parameters do not compute starts at its start value; a
  // variable without one takes that of an alias it replaced.
  KernelSpec kernel{"mocc_start", {}, false};
  const std::vector<ExprId> &hints = reduced_.aliases.startHint;
  for (uint32_t i = 0; i < model_.size(); ++i) {
    const flat::Variable &v = model_.variables[i];
    bool computed = isKnown(VarId{i}) && v.binding.valid() && v.attributes.fixed != false;
    if (computed)
      continue;
    // pre(v) starts as v.start (MLS 8.6: the left limit before the start).
    const flat::Variable &source = v.special == flat::SpecialKind::Pre ? model_.var(v.preOf) : v;
    if (source.attributes.start.valid()) {
      kernel.steps.push_back({KernelStep::Kind::Assign, VarId{i}, source.attributes.start});
      kernel.steps.back().overrideSlot = static_cast<int32_t>(
          v.special == flat::SpecialKind::Pre ? v.preOf.index : i);
    } else if (i < hints.size() && hints[i].valid())
      kernel.steps.push_back({KernelStep::Kind::Assign, VarId{i}, hints[i]});
  }
  plan_.setStartValues = kernel.name;
  plan_.kernels.push_back(std::move(kernel));
}

/// The variables whose values at translation the recorded decisions used:
/// those that explain each decision's value, through bindings (and the
/// known values the patterns' kernels assigned) to the parameters they come
/// from. A product known to be 0 is explained by its factor that is 0 alone
/// (a body's inertia entry m * r[2] with r[2] = 0 depends on r[2], not on
/// m), an `if` with a known condition by the condition and the branch
/// taken; any other expression by all its operands. Each node is visited
/// and evaluated once.
std::vector<char> PlanBuilder::decidedVariables() {
  std::vector<std::pair<uint32_t, ExprId>> assigned = knownSlots_.assigned;
  std::sort(assigned.begin(), assigned.end(),
            [](const auto &a, const auto &b) { return a.first < b.first; });
  auto assignedTo = [&](uint32_t slot) {
    auto first = std::lower_bound(assigned.begin(), assigned.end(), slot,
                                  [](const auto &a, uint32_t s) { return a.first < s; });
    auto last = first;
    while (last != assigned.end() && last->first == slot)
      ++last;
    return std::span<const std::pair<uint32_t, ExprId>>(first, last);
  };
  // Values of nodes as the patterns knew them (knownSlots_ and the slots
  // assigned known values), memoized: 0 not yet, 1 none, 2 known, 3 being
  // evaluated (a slot assigned from itself has no value).
  std::vector<uint8_t> state(pool_.size(), 0);
  std::vector<double> value(pool_.size(), 0.0);
  std::vector<std::pair<ExprId, bool>> stack;
  auto known = [&](ExprId e) -> std::optional<double> {
    if (state[e.index] == 2)
      return value[e.index];
    return std::nullopt;
  };
  // The one expression a pattern's kernel assigned to a slot that no
  // parameter value gives (several: its value depends on where it is read).
  auto assignment = [&](VarId v) -> ExprId {
    if (!v.valid() || knownSlots_.has(v.index))
      return ExprId{};
    auto from = assignedTo(v.index);
    return from.size() == 1 ? from[0].second : ExprId{};
  };
  auto valueOf = [&](ExprId root) -> std::optional<double> {
    stack.assign(1, {root, false});
    while (!stack.empty()) {
      auto [id, expanded] = stack.back();
      if (!expanded) {
        if (state[id.index] != 0) {
          stack.pop_back();
          continue;
        }
        state[id.index] = 3;
        stack.back().second = true;
        VarId v = pool_.variableOf(id);
        if (ExprId from = assignment(v); from.valid())
          stack.push_back({from, false});
        else if (!v.valid())
          for (ExprId operand : pool_.operands(id))
            stack.push_back({operand, false});
        continue;
      }
      stack.pop_back();
      const sym::Node &node = pool_.node(id);
      auto operands = pool_.operands(id);
      VarId v = pool_.variableOf(id);
      std::optional<double> result;
      if (v.valid()) {
        if (knownSlots_.has(v.index))
          result = knownSlots_.value[v.index];
        else if (ExprId from = assignment(v); from.valid())
          result = known(from);
      } else if (node.op == sym::OpKind::Constant) {
        result = node.payload.value;
      } else if ((node.op == sym::OpKind::Mul || node.op == sym::OpKind::And) &&
                 (known(operands[0]) == 0.0 || known(operands[1]) == 0.0)) {
        result = 0.0;
      } else if (node.op == sym::OpKind::Div && known(operands[0]) == 0.0) {
        result = 0.0;
      } else if (node.op == sym::OpKind::IfElse) {
        if (auto condition = known(operands[0]))
          result = known(operands[*condition != 0.0 ? 1 : 2]);
      } else if (operands.size() <= 2 && node.op != sym::OpKind::Time &&
                 node.op != sym::OpKind::Call && node.op != sym::OpKind::Output &&
                 node.op != sym::OpKind::Load && node.op != sym::OpKind::Delay) {
        double args[2] = {0.0, 0.0};
        bool all = true;
        for (size_t i = 0; i < operands.size(); ++i) {
          auto a = known(operands[i]);
          all = all && a.has_value();
          args[i] = a.value_or(0.0);
        }
        if (all)
          result = sym::evaluateOp(node.op, std::span<const double>(args, operands.size()),
                                   node.payload.index);
      }
      state[id.index] = result ? 2 : 1;
      if (result)
        value[id.index] = *result;
    }
    return known(root);
  };

  std::vector<ExprId> work = decisions_;
  work.insert(work.end(), knownSlots_.decisions.begin(), knownSlots_.decisions.end());
  std::vector<char> seen(pool_.size(), 0);
  std::vector<char> decided(model_.size(), 0);
  while (!work.empty()) {
    ExprId id = work.back();
    work.pop_back();
    if (!id.valid() || id.index >= seen.size() || seen[id.index])
      continue;
    seen[id.index] = 1;
    const sym::Node &node = pool_.node(id);
    auto operands = pool_.operands(id);
    VarId v = pool_.variableOf(id);
    if (v.valid()) {
      if (v.index >= decided.size() || decided[v.index])
        continue;
      decided[v.index] = 1;
      const flat::Variable &var = model_.var(v);
      work.push_back(var.binding);
      if (isFreeParameter(v))
        work.push_back(var.attributes.start);
      for (const auto &[slot, expr] : assignedTo(v.index))
        work.push_back(expr);
      continue;
    }
    if (node.op == sym::OpKind::Mul || node.op == sym::OpKind::And) {
      if (valueOf(operands[0]) == 0.0) {
        work.push_back(operands[0]);
        continue;
      }
      if (valueOf(operands[1]) == 0.0) {
        work.push_back(operands[1]);
        continue;
      }
    } else if (node.op == sym::OpKind::Div && valueOf(operands[0]) == 0.0) {
      work.push_back(operands[0]);
      continue;
    } else if (node.op == sym::OpKind::IfElse) {
      if (auto condition = valueOf(operands[0])) {
        work.push_back(operands[0]);
        work.push_back(operands[*condition != 0.0 ? 1 : 2]);
        continue;
      }
    }
    work.insert(work.end(), operands.begin(), operands.end());
  }
  return decided;
}

/// What a run may override without new code (SimulationPlan::overridable):
/// a binding computed by an overridable step of setParameters whose value
/// decided nothing, a start value whose every use (the guess, x = x.start)
/// is an overridable step.
void PlanBuilder::findOverridable() {
  std::vector<char> decided = decidedVariables();
  std::vector<uint8_t> &result = plan_.overridable;
  result.assign(model_.size(), 0);
  std::vector<uint32_t> fixedSteps(model_.size(), 0);
  for (const KernelSpec &kernel : plan_.kernels)
    for (const KernelStep &step : kernel.steps) {
      if (step.overrideSlot < 0 || static_cast<size_t>(step.overrideSlot) >= model_.size())
        continue;
      auto slot = static_cast<uint32_t>(step.overrideSlot);
      if (kernel.name == plan_.setParameters) {
        if (!decided[slot] && !(slot < afterFreeParameters_.size() && afterFreeParameters_[slot]))
          result[slot] |= SimulationPlan::kOverrideBinding;
      } else if (kernel.name == plan_.setStartValues) {
        if (step.target.index == slot) // pre(x)'s start follows x's (below)
          result[slot] |= SimulationPlan::kOverrideStart;
      } else {
        ++fixedSteps[slot];
      }
    }
  for (size_t i = 0; i < result.size(); ++i)
    if (i < fixedStarts_.size() && fixedSteps[i] != fixedStarts_[i])
      result[i] &= static_cast<uint8_t>(~SimulationPlan::kOverrideStart);
}

double PlanBuilder::nominalOf(VarId v) {
  ExprId nominal = model_.var(v).attributes.nominal;
  if (!nominal.valid())
    return 1.0;
  auto value = (*constants_)(nominal);
  if (value)
    decisions_.push_back(nominal); // IDA's scaling: an override must not change it
  return value && std::isfinite(*value) && *value != 0 ? std::fabs(*value) : 1.0;
}

ExprId PlanBuilder::startOf(VarId v) {
  const std::vector<ExprId> &hints = reduced_.aliases.startHint;
  if (model_.var(v).attributes.start.valid())
    return model_.var(v).attributes.start;
  if (v.index < hints.size() && hints[v.index].valid())
    return hints[v.index];
  return pool_.zero();
}

/// The equations a failure message notes, and the characters of each.
constexpr size_t describedEquations = 3;
constexpr size_t describedLength = 160;

std::string PlanBuilder::describe(const EquationSystem &system, std::span<const int> eqs) {
  // The first line names the system (addSolveStep adds its unknowns); a
  // note line follows for each of its first equations, with its location.
  std::string text = "the system of " + std::to_string(eqs.size()) + " equation(s)";
  for (size_t i = 0; i < eqs.size() && i < describedEquations; ++i) {
    const flat::Equation &eq = system.equations[eqs[i]];
    std::string equation = model_.print(eq.lhs) + " = " + model_.print(eq.rhs);
    if (equation.size() > describedLength)
      equation = equation.substr(0, describedLength - 4) + " ...";
    text += "\n";
    if (eq.loc.valid()) {
      LineColumn lc = diags_.sources().lineColumn(eq.loc.start());
      text += diags_.sources().path(eq.loc.file) + ":" + std::to_string(lc.line) + ":" +
              std::to_string(lc.column) + ": ";
    }
    text += "note: equation `" + equation + "`";
  }
  if (eqs.size() > describedEquations)
    text += "\nnote: and " + std::to_string(eqs.size() - describedEquations) + " more equation(s)";
  return text;
}

std::vector<KernelStep> PlanBuilder::trailingAssignments(const std::vector<char> &isOwnSlot) const {
  // Aliases, then the derivative slots the kernel does not use itself.
  std::vector<KernelStep> steps;
  for (const Alias &alias : reduced_.aliases.aliases)
    steps.push_back({KernelStep::Kind::Assign, alias.var, alias.value});
  for (size_t local = 0; local < derivativeSlot_.size(); ++local) {
    VarId slot = derivativeSlot_[local];
    if (!slot.valid() || isOwnSlot[slot.index])
      continue;
    VarId d = reduced_.variables[reduced_.varToDiff[local]];
    steps.push_back({KernelStep::Kind::Assign, slot, pool_.variable(d)});
  }
  return steps;
}

// --- Simulation ------------------------------------------------------------------------------

bool PlanBuilder::buildSimulation(size_t k) {
  const StateChoice &choice = reduced_.choices[k];
  SimulationSystem sim;
  sim.isState.assign(model_.size(), 0);
  sim.isForced.assign(model_.size(), 0);
  sim.ownSlot.assign(model_.size(), 0);
  for (VarId s : choice.states)
    sim.isState[s.index] = 1;
  sim.system.equations = reduced_.equations;
  for (VarId v : reduced_.variables)
    if (!sim.isState[v.index])
      sim.system.unknowns.push_back(v);
  addStates(choice, sim);
  sim.system.build(model_);
  KernelSpec kernel{k == 0 ? "mocc_residual" : "mocc_residual_" + std::to_string(k), {}, true};
  if (!planBlocks(sim, kernel, k == 0))
    return false;
  // The residuals depend on none of the trailing assignments.
  StateSetPlan &set = sim.set;
  set.jacobian = residualPattern(pool_, kernel.steps, sim.columnOf,
                                 static_cast<int>(set.ySlot.size()), &knownSlots_);
  kernel.jvpSteps = kernel.steps.size();
  auto trailing = trailingAssignments(sim.ownSlot);
  kernel.steps.insert(kernel.steps.end(), trailing.begin(), trailing.end());
  set.residual = kernel.name;
  set.description = describeStates(model_, choice);
  plan_.kernels.push_back(std::move(kernel));
  if (k == 0) {
    plan_.residual = set.residual;
    plan_.ySlot = set.ySlot;
    plan_.ypSlot = set.ypSlot;
    plan_.yNominal = set.yNominal;
    plan_.jacobian = set.jacobian;
    plan_.statistics.states = choice.states.size();
    plan_.statistics.dummyDerivatives = choice.dummyDerivatives.size();
    plan_.statistics.stateSets = reduced_.choices.size();
  }
  if (reduced_.choices.size() > 1)
    plan_.stateSets.push_back(std::move(set));
  return true;
}

void PlanBuilder::addStates(const StateChoice &choice, SimulationSystem &sim) {
  // Each state's derivative in IDA: der(s), or a slot of its own when der(s)
  // is a state too (then the residual s' - der(s) = 0 determines it).
  for (VarId s : choice.states) {
    int local = reduced_.localOf[s.index];
    VarId d = reduced_.variables[reduced_.varToDiff[local]];
    VarId yp = sim.isState[d.index] ? derivativeSlot_[local] : d;
    if (sim.isState[d.index]) {
      sim.system.unknowns.push_back(yp);
      sim.system.equations.push_back({pool_.variable(yp), pool_.variable(d), model_.var(s).loc,
                                      flat::EquationOriginKind::Equation, 0});
      sim.ownSlot[yp.index] = 1;
    }
    sim.isForced[yp.index] = 1;
    sim.stateOf[yp.index] = s;
  }
}

void PlanBuilder::addColumns(SimulationSystem &sim, std::span<const int> vars,
                             const BlockPlan &block) {
  // IDA's columns in the order of the residuals: a block's residuals and
  // its columns (the states of its derivatives, its tearing variables) come
  // together, so the diagonal of the Jacobian stays inside the blocks (the
  // sparse LU adds the diagonal to its pattern).
  StateSetPlan &set = sim.set;
  for (int var : vars) {
    VarId yp = sim.system.unknowns[var];
    if (!sim.isForced[yp.index])
      continue;
    VarId s = sim.stateOf[yp.index];
    sim.columnOf[s.index] = sim.columnOf[yp.index] = static_cast<int>(set.ySlot.size());
    set.ySlot.push_back(static_cast<int32_t>(s.index));
    set.ypSlot.push_back(static_cast<int32_t>(yp.index));
    set.yNominal.push_back(nominalOf(s));
  }
  for (VarId v : block.iterationVariables) {
    sim.columnOf[v.index] = static_cast<int>(set.ySlot.size());
    set.ySlot.push_back(static_cast<int32_t>(v.index));
    set.ypSlot.push_back(-1);
    set.yNominal.push_back(nominalOf(v));
  }
}

bool PlanBuilder::planBlocks(SimulationSystem &sim, KernelSpec &kernel, bool counted) {
  EquationSystem &system = sim.system;
  auto matching = structural::computeMaximumMatching(system.graph);
  if (!matching.isPerfect() || system.equations.size() != system.unknowns.size()) {
    reportSingular(model_, system, matching, "the index-reduced model", diags_);
    return false;
  }
  auto blocks = structural::computeBlockOrder(system.graph, matching);
  std::vector<char> isParameter(model_.size(), 0), isForced(system.unknowns.size(), 0);
  for (uint32_t i = 0; i < model_.size(); ++i)
    isParameter[i] = isParameterLike(VarId{i});
  for (size_t i = 0; i < system.unknowns.size(); ++i)
    isForced[i] = sim.isForced[system.unknowns[i].index];
  BlockCausalizer causalizer(model_, system, std::move(isParameter));
  causalizer.recordDecisionsIn(&decisions_);
  causalizer.recordZeroSolvesIn(&zeroSolves_);
  causalizer.shareSolutionsIn(&solutions_);
  // der(x) = f(...) solved explicitly stays a residual x' - f for IDA; the
  // blocks after it read f instead of x' (IDA's y', which its corrector
  // solves only to the tolerance): a Der block's output, and relations on
  // it, then follow the equations exactly (SlewRateLimiter's (der(u) - y) /
  // Td would flip at every restart otherwise). Codegen evaluates the shared
  // expression f once per kernel.
  std::unordered_map<uint32_t, ExprId> explicitDerivative;
  std::vector<std::vector<int>> dependencies(model_.size());
  std::vector<int> occurrences(system.unknowns.size(), 0); // equations per unknown
  for (int e = 0; e < system.graph.numEquations(); ++e)
    for (int var : system.graph.variables(e))
      ++occurrences[var];
  auto replacement = [&](VarId v) -> std::optional<ExprId> {
    if (auto it = explicitDerivative.find(v.index); it != explicitDerivative.end())
      return it->second;
    return std::nullopt;
  };
  // The unknowns replaced so far: a block none of whose equations reads one
  // (by the graph's incidence, every unknown an equation holds) keeps its
  // steps as they are, without a substitution walk per step.
  std::vector<char> replaced(system.unknowns.size(), 0);
  auto readsReplaced = [&](std::span<const int> eqs) {
    for (int e : eqs)
      for (int var : system.graph.variables(e))
        if (replaced[var])
          return true;
    return false;
  };
  for (int b = 0; b < blocks.numBlocks(); ++b) {
    auto eqs = blocks.equations(b);
    BlockPlan block = causalizer.plan(eqs, blocks.variables(b), isForced);
    if (!explicitDerivative.empty() && readsReplaced(eqs))
      for (KernelStep &step : block.steps)
        step.expr = sym::substitute(pool_, step.expr, replacement);
    if (eqs.size() == 1 && block.iterationVariables.empty() && block.steps.size() == 1 &&
        block.steps[0].kind == KernelStep::Kind::Residual) {
      VarId yp = system.unknowns[blocks.variables(b)[0]];
      ExprId r = block.steps[0].expr;
      if (sim.isForced[yp.index] && pool_.op(r) == sym::OpKind::Sub &&
          pool_.variableOf(pool_.operand(r, 0)) == yp &&
          !sym::contains(pool_, pool_.operand(r, 1), yp)) {
        explicitDerivative[yp.index] = pool_.operand(r, 1);
        replaced[blocks.variables(b)[0]] = 1;
      }
    }
    addColumns(sim, blocks.variables(b), block);
    size_t assignments = block.steps.size();
    bool promoted = limitDependencies(sim, block, occurrences, dependencies);
    if (counted) {
      countBlock(block, eqs.size());
      plan_.statistics.algebraicInSolver += promoted ? assignments : 0;
      plan_.statistics.promoted += promoted ? assignments : 0;
    }
    kernel.steps.insert(kernel.steps.end(), block.steps.begin(), block.steps.end());
  }
  if (counted) {
    PlanStatistics &stats = plan_.statistics;
    stats.blocks = static_cast<size_t>(blocks.numBlocks());
    stats.unknowns = system.unknowns.size();
    stats.aliases = reduced_.aliases.aliases.size();
    stats.differentiated = reduced_.equations.size() - reduced_.numModelEquations;
  }
  return true;
}

/// IDA's columns that an assigned slot depends on, through the assignments
/// before it, are kept (sorted, each named by its variable) up to four
/// times maxColumnsPerAssignment. An explicit block (no iteration
/// variables) with a variable that depends on more than
/// maxColumnsPerAssignment columns, and that other equations read, instead
/// becomes residuals, and its variables algebraic columns of IDA's: the
/// Jacobian's rows after it then depend on the columns of their
/// neighbourhood, not on those of everything upstream. Without this a chain
/// of N MultiBody links computes each link's absolute orientation by
/// assignments from every joint above it: dense state columns, N^2 entries
/// in the Jacobian, as many colors as links and as much fill in KLU. Not
/// promoted: a variable no other equation reads (its columns reach no row),
/// and one of more than four times the bound (a sum over a whole circuit:
/// its own row would be the dense one). Returns whether the block's
/// variables were promoted.
bool PlanBuilder::limitDependencies(SimulationSystem &sim, BlockPlan &block,
                                    std::span<const int> occurrences,
                                    std::vector<std::vector<int>> &dependencies) {
  constexpr size_t bound = maxColumnsPerAssignment, kept = 4 * maxColumnsPerAssignment;
  std::vector<int> merged, both;
  bool promote = false, huge = false;
  for (KernelStep &step : block.steps) {
    if (step.kind != KernelStep::Kind::Assign)
      continue;
    std::vector<int> columns;
    for (VarId v : sym::variablesOf(pool_, step.expr)) {
      // A column is named by its variable (a state for its derivative too):
      // the blocks that give states their columns may come later.
      if (sim.isState[v.index]) {
        merged.assign(1, static_cast<int>(v.index));
      } else if (sim.isForced[v.index]) {
        merged.assign(1, static_cast<int>(sim.stateOf.at(v.index).index));
      } else if (sim.columnOf.count(v.index)) {
        merged.assign(1, static_cast<int>(v.index));
      } else {
        merged = dependencies[v.index];
      }
      both.clear();
      std::set_union(columns.begin(), columns.end(), merged.begin(), merged.end(),
                     std::back_inserter(both));
      columns.swap(both);
      if (columns.size() > kept)
        break;
    }
    int32_t local = sim.system.localOf[step.target.index];
    bool read = local >= 0 && occurrences[local] > 1;
    promote |= columns.size() > bound && read;
    huge |= columns.size() > kept;
    dependencies[step.target.index] = std::move(columns);
  }
  bool explicitOnly = block.iterationVariables.empty() &&
                      std::all_of(block.steps.begin(), block.steps.end(), [](const KernelStep &s) {
                        return s.kind == KernelStep::Kind::Assign;
                      });
  if (!promote || huge || !explicitOnly)
    return false;
  // v := f becomes the residual v - f, and v a column of IDA's, for every
  // variable of the block (one equation, or a call with several outputs).
  StateSetPlan &set = sim.set;
  for (KernelStep &step : block.steps) {
    VarId v = step.target;
    step = {
        KernelStep::Kind::Residual, {}, pool_.sub(pool_.variable(v), step.expr), {}, 1, step.loc};
    sim.columnOf[v.index] = static_cast<int>(set.ySlot.size());
    set.ySlot.push_back(static_cast<int32_t>(v.index));
    set.ypSlot.push_back(-1);
    set.yNominal.push_back(nominalOf(v));
    dependencies[v.index] = {static_cast<int>(v.index)};
  }
  return true;
}

void PlanBuilder::countBlock(const BlockPlan &block, size_t size) {
  PlanStatistics &stats = plan_.statistics;
  stats.largestBlock = std::max(stats.largestBlock, size);
  stats.algebraicInSolver += block.iterationVariables.size();
  for (const KernelStep &step : block.steps)
    stats.assigned += step.kind == KernelStep::Kind::Assign;
  if (block.torn) {
    ++stats.tornBlocks;
    stats.tornUnknowns += size;
    stats.tearingVariables += block.iterationVariables.size();
  }
}

void PlanBuilder::buildPivotKernel() {
  // The rows: every equation of a pivot block; the columns: every selected
  // derivative of one. Each set's blocks index into both.
  std::vector<int> rows;
  std::vector<VarId> columns;
  for (const StateChoice &choice : reduced_.choices)
    for (const auto &[eqs, cols] : choice.pivotBlocks) {
      rows.insert(rows.end(), eqs.begin(), eqs.end());
      columns.insert(columns.end(), cols.begin(), cols.end());
    }
  // The state sets' part alone: whether its pivots are constant.
  plan_.constantSetPivots = !rows.empty() && constantPivots(rows, columns);
  for (const SelectionMatrix &m : reduced_.matrices) {
    rows.insert(rows.end(), m.rows.begin(), m.rows.end());
    columns.insert(columns.end(), m.forced.begin(), m.forced.end());
    columns.insert(columns.end(), m.columns.begin(), m.columns.end());
  }
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  KernelSpec kernel{"mocc_state_pivots", {}, true};
  for (int e : rows)
    kernel.steps.push_back({KernelStep::Kind::Residual,
                            {},
                            residualOf(pool_, reduced_.equations[e]),
                            {},
                            1,
                            reduced_.equations[e].loc});
  for (VarId c : columns)
    plan_.pivotColumns.push_back(static_cast<int32_t>(c.index));
  // The kernel assigns nothing, so a row's derivative with respect to a
  // column is nonzero only where the row's residual names the column.
  std::vector<std::vector<int>> reads(kernel.steps.size());
  for (size_t r = 0; r < kernel.steps.size(); ++r) {
    for (VarId v : sym::variablesOf(pool_, kernel.steps[r].expr)) {
      auto it = std::lower_bound(columns.begin(), columns.end(), v);
      if (it != columns.end() && *it == v)
        reads[r].push_back(static_cast<int>(it - columns.begin()));
    }
    std::sort(reads[r].begin(), reads[r].end());
    reads[r].erase(std::unique(reads[r].begin(), reads[r].end()), reads[r].end());
  }
  plan_.pivotPattern = makePattern(reads, static_cast<int>(columns.size()));
  for (size_t k = 0; k < reduced_.choices.size(); ++k)
    for (const auto &[eqs, cols] : reduced_.choices[k].pivotBlocks) {
      plan::PivotBlock block;
      for (int e : eqs)
        block.rows.push_back(static_cast<int32_t>(std::lower_bound(rows.begin(), rows.end(), e) - rows.begin()));
      for (VarId c : cols)
        block.columns.push_back(static_cast<int32_t>(std::lower_bound(columns.begin(), columns.end(), c) - columns.begin()));
      plan_.stateSets[k].pivotBlocks.push_back(std::move(block));
    }
  auto rowOf = [&](int e) {
    return static_cast<int32_t>(std::lower_bound(rows.begin(), rows.end(), e) - rows.begin());
  };
  auto columnOf = [&](VarId c) {
    return static_cast<int32_t>(std::lower_bound(columns.begin(), columns.end(), c) - columns.begin());
  };
  auto slots = [](const std::vector<VarId> &vars) {
    std::vector<int32_t> out;
    for (VarId v : vars)
      out.push_back(static_cast<int32_t>(v.index));
    return out;
  };
  for (const SelectionMatrix &m : reduced_.matrices) {
    plan::SelectionMatrix plan;
    for (int e : m.rows)
      plan.rows.push_back(rowOf(e));
    for (VarId c : m.forced)
      plan.forced.push_back(columnOf(c));
    for (VarId c : m.columns)
      plan.columns.push_back(columnOf(c));
    plan.numStates = m.numStates;
    plan.aSlots = slots(m.a);
    for (const auto &chain : m.columnChains)
      plan.columnChains.push_back(slots(chain));
    for (const auto &chain : m.stateChains)
      plan.stateChains.push_back(slots(chain));
    plan.initial = m.initial;
    std::vector<VarId> matrixColumns(m.forced);
    matrixColumns.insert(matrixColumns.end(), m.columns.begin(), m.columns.end());
    plan.constant = constantPivots(m.rows, std::move(matrixColumns)) || constantChoice(m);
    plan_.selectionMatrices.push_back(std::move(plan));
  }
  plan_.pivotRows = static_cast<int32_t>(rows.size());
  plan_.pivotKernel = kernel.name;
  plan_.kernels.push_back(std::move(kernel));
}

/// Whether the Jacobian of pivot rows (equations) with respect to pivot
/// columns holds only constants and parameters (the rows are linear in
/// those columns with fixed coefficients, as in a chain of rotational
/// flanges): then the rating of every choice is the same during the whole
/// run, and the run rates them once, at the start (S. E. Mattsson, H.
/// Olsson, H. Elmqvist, "Dynamic selection of states in Dymola", 2000: a
/// choice that does not depend on the solution needs no switching). Each
/// row is differentiated with respect to the columns it names only (the
/// other entries are 0): linear in the rows.
bool PlanBuilder::constantPivots(std::span<const int> rows, std::vector<VarId> columns) {
  std::sort(columns.begin(), columns.end());
  auto parameterValue = [&](VarId v) -> std::optional<double> {
    const flat::Variable &var = model_.var(v);
    bool fixed = var.special == flat::SpecialKind::None &&
                 (var.variability == flat::VariabilityKind::Parameter ||
                  var.variability == flat::VariabilityKind::Constant);
    if (!fixed)
      return std::nullopt;
    return 1.0; // any value: only whether the expression has one matters
  };
  for (int e : rows) {
    ExprId residual = residualOf(pool_, reduced_.equations[e]);
    for (VarId v : sym::variablesOf(pool_, residual)) {
      if (!std::binary_search(columns.begin(), columns.end(), v))
        continue;
      ExprId d = sym::partialDerivative(pool_, residual, v);
      // No value: the entry names a variable or time, or calls a function.
      if (!d.valid() || !sym::evaluate(pool_, d, parameterValue))
        return false;
    }
  }
  return true;
}

/// Whether the states a selection matrix chooses are the same at every
/// point although some of its entries vary: the rows that name no forced
/// column are exactly as many as the rows left after the forced columns
/// are eliminated, and their entries (on the candidates) are constant. The
/// elimination (runtime/StateSelection.h, bestSelectionStates) pivots on
/// the forced columns first and never updates a row that has no entry in
/// them, so the rows left are those rows, unchanged, and the choice among
/// the candidates is made on constants (a rotational chain beside a
/// MultiBody joint: `damper.phi_rel = revolute.phi - phi0` while the joint's
/// frames are forced dummies).
bool PlanBuilder::constantChoice(const SelectionMatrix &m) {
  std::vector<VarId> forced(m.forced);
  std::sort(forced.begin(), forced.end());
  std::vector<int> free;
  for (int e : m.rows) {
    ExprId residual = residualOf(pool_, reduced_.equations[e]);
    bool namesForced = false;
    for (VarId v : sym::variablesOf(pool_, residual))
      namesForced = namesForced || std::binary_search(forced.begin(), forced.end(), v);
    if (!namesForced)
      free.push_back(e);
  }
  if (free.empty() || free.size() != m.rows.size() - m.forced.size())
    return false;
  return constantPivots(free, m.columns);
}

// --- Initialization --------------------------------------------------------------------------

bool PlanBuilder::buildInitialization() {
  // Unknowns: every variable of the reduced system and the free parameters.
  // Equations: the reduced system's (derivatives included: they hold at t0
  // too), the initial equations, and x = start where fixed = true.
  EquationSystem system;
  system.unknowns = reduced_.variables;
  for (uint32_t i = 0; i < originalSize_; ++i)
    if (isFreeParameter(VarId{i}))
      system.unknowns.push_back(VarId{i});
  system.equations = reduced_.equations;
  // homotopy(): initialization solves the blended equations (the runtime
  // follows lambda from 0 to 1), where alias elimination kept them as they
  // were.
  for (size_t j = 0; j < reduced_.numModelEquations && !blended_.empty(); ++j) {
    uint32_t source = reduced_.aliases.sources[j];
    const flat::Equation &written = model_.equations[source], &blend = blended_[source];
    if (written.lhs == blend.lhs && written.rhs == blend.rhs)
      continue;
    if (reduced_.equations[j].lhs != reduced_.aliases.apply(pool_, written.lhs) ||
        reduced_.equations[j].rhs != reduced_.aliases.apply(pool_, written.rhs))
      continue; // changed since (semiLinear's rules, a zero product)
    system.equations[j].lhs = reduced_.aliases.apply(pool_, blend.lhs);
    system.equations[j].rhs = reduced_.aliases.apply(pool_, blend.rhs);
  }
  for (uint32_t i = 0; i < afterFreeParameters_.size(); ++i)
    if (afterFreeParameters_[i]) {
      const flat::Variable &p = model_.variables[i];
      system.unknowns.push_back(VarId{i});
      system.equations.push_back({pool_.variable(VarId{i}), p.binding, p.loc,
                                  flat::EquationOriginKind::Binding, 0});
    }
  system.equations.insert(system.equations.end(), reduced_.aliases.initialEquations.begin(),
                          reduced_.aliases.initialEquations.end());
  // Two variables that alias elimination made one, each with fixed = true
  // and the same start value (two capacitors in parallel, each with
  // v(fixed = true, start = 0)), give the same equation twice: it is one
  // equation, kept once (MLS 8.6 lets a tool drop consistent redundant
  // initial equations; different start values stay, and are reported as an
  // overdetermined initialization).
  std::set<std::pair<uint32_t, uint32_t>> fixedStartEquations;
  auto firstFixedStart = [&](ExprId lhs, ExprId start) {
    if (pool_.op(lhs) == sym::OpKind::Neg) { // -v = s is v = -s
      lhs = pool_.operand(lhs, 0);
      auto c = pool_.constantValue(start);
      start = c ? pool_.constant(-*c) : pool_.unary(sym::OpKind::Neg, start);
    }
    return fixedStartEquations.insert({lhs.index, start.index}).second;
  };
  for (uint32_t i = 0; i < originalSize_; ++i) {
    const flat::Variable &var = model_.variables[i];
    if (isKnown(VarId{i}) || var.attributes.fixed != true || !var.attributes.start.valid())
      continue;
    // For a discrete variable fixed = true means pre(v) = v.start (MLS 8.6),
    // which pre(v)'s start value gives; v itself has its equation.
    if (var.variability == flat::VariabilityKind::Discrete)
      continue;
    ExprId lhs = reduced_.aliases.apply(pool_, pool_.variable(VarId{i}));
    auto vars = sym::variablesOf(pool_, lhs);
    if (std::all_of(vars.begin(), vars.end(), [&](VarId v) { return isKnown(v); }))
      continue; // an alias of a parameter expression: nothing to determine
    if (!firstFixedStart(lhs, var.attributes.start))
      continue;
    system.equations.push_back({lhs, var.attributes.start, var.loc,
                                flat::EquationOriginKind::FixedStart, i});
  }
  addEventInitialization(model_, events_, system, heldAtStart_);
  system.build(model_);
  auto matching = matchInitialization(system);
  if (system.equations.size() <= system.unknowns.size())
    addStartEquations(system, matching);
  if (!matching.isPerfect() || system.equations.size() != system.unknowns.size()) {
    reportSingular(model_, system, matching, "the initialization problem", diags_);
    return false;
  }
  // A relation inside an algebraic loop (an ideal diode: off = s < 0 with
  // s an unknown of the loop) would make the loop a mixed system that
  // Newton cannot solve. Such relations keep the value computed from the
  // start values, the loop is solved for the continuous unknowns, and the
  // event iteration at the start time corrects them (re-solving with IDA)
  // until nothing changes: the fixed-point iteration of mixed systems.
  if (heldAtStart_.empty()) {
    auto blocks = structural::computeBlockOrder(system.graph, matching);
    std::vector<char> held(model_.size(), 0);
    bool any = false;
    for (int b = 0; b < blocks.numBlocks(); ++b) {
      auto vars = blocks.variables(b);
      if (vars.size() < 2)
        continue;
      for (int local : vars) {
        VarId v = system.unknowns[local];
        if (model_.var(v).special == flat::SpecialKind::Relation)
          held[v.index] = any = true;
      }
    }
    if (any) {
      heldAtStart_ = std::move(held);
      return buildInitialization();
    }
  }
  fixedStarts_.assign(model_.size(), 0);
  for (const flat::Equation &e : system.equations)
    if (e.origin == flat::EquationOriginKind::FixedStart && e.originIndex < fixedStarts_.size())
      ++fixedStarts_[e.originIndex];
  size_t firstKernel = plan_.kernels.size();
  planInitBlocks(system, matching);
  batchInitKernels(firstKernel);
  return true;
}

structural::Matching PlanBuilder::matchInitialization(const EquationSystem &system) {
  // Match as many non-candidates for states as possible first, then the
  // candidates that the static choice does not make states, then all:
  // augmenting paths never unmatch a variable, so the unknowns left over are
  // the chosen states wherever that is possible, and those take their start
  // values.
  std::vector<char> tier(system.unknowns.size(), 0);
  for (size_t i = 0; i < system.unknowns.size(); ++i) {
    int local = i < reduced_.variables.size() ? static_cast<int>(i) : -1;
    bool candidate = local >= 0 && reduced_.varToDiff[local] >= 0;
    bool chosen = candidate && std::binary_search(reduced_.choices[0].states.begin(),
                                                  reduced_.choices[0].states.end(),
                                                  system.unknowns[i]);
    tier[i] = chosen ? 2 : candidate ? 1 : 0;
  }
  structural::Matching matching(system.graph.numEquations(), system.graph.numVariables());
  for (char level = 0; level <= 2; ++level) {
    structural::MatchingConstraints constraints;
    constraints.isAllowed = [&](int, int var) { return tier[var] <= level; };
    matching = structural::computeMaximumMatching(system.graph, constraints, std::move(matching));
  }
  return matching;
}

void PlanBuilder::addStartEquations(EquationSystem &system, structural::Matching &matching) {
  // A state of a selection matrix equals its initial column's variable at
  // the start (A selects that column): the user's start value is that
  // variable's, and so is the name the user can act on.
  std::unordered_map<uint32_t, VarId> columnOf;
  for (const SelectionMatrix &m : reduced_.matrices)
    for (size_t i = 0; i < m.stateChains.size(); ++i) {
      const std::vector<VarId> &column = m.columnChains[static_cast<size_t>(m.initial[i])];
      for (size_t p = 0; p < m.stateChains[i].size() && p < column.size(); ++p)
        columnOf.emplace(m.stateChains[i][p].index, column[p]);
    }
  std::vector<std::string> fixed;
  for (size_t i = 0; i < reduced_.variables.size(); ++i) {
    if (matching.varToEq[i] >= 0 || reduced_.varToDiff[i] < 0)
      continue;
    VarId v = system.unknowns[i];
    if (auto it = columnOf.find(v.index); it != columnOf.end())
      v = it->second;
    system.equations.push_back({pool_.variable(v), startOf(v), model_.var(v).loc,
                                flat::EquationOriginKind::FixedStart, v.index});
    fixed.push_back(model_.nameOf(v));
  }
  if (fixed.empty())
    return;
  std::string list;
  for (size_t i = 0; i < fixed.size() && i < 8; ++i)
    list += (i ? ", " : "") + ("`" + fixed[i] + "`");
  if (fixed.size() > 8)
    list += ", ...";
  diags_.report(diag::InitialConditionsIncomplete, model_.loc, {fixed.size(), list});
  system.build(model_);
  matching = matchInitialization(system);
}

void PlanBuilder::planInitBlocks(const EquationSystem &system, const structural::Matching &matching) {
  auto blocks = structural::computeBlockOrder(system.graph, matching);
  std::vector<char> isParameter(model_.size(), 0), noneForced(system.unknowns.size(), 0);
  for (uint32_t i = 0; i < originalSize_; ++i)
    isParameter[i] = isParameterLike(VarId{i}) && !isFreeParameter(VarId{i}) && system.localOf[i] < 0;
  BlockCausalizer causalizer(model_, system, std::move(isParameter));
  causalizer.recordDecisionsIn(&decisions_);
  causalizer.recordZeroSolvesIn(&zeroSolves_);
  causalizer.shareSolutionsIn(&solutions_);
  // Newton starts the tearing variables at their start values: those with
  // one are torn first (ThreeSprings' massless junction: its position from
  // the spring whose r_rel_0 has a start value, not from spring lengths
  // that start at 0 and divide).
  std::vector<char> hasStart(model_.size(), 0);
  const std::vector<ExprId> &hints = reduced_.aliases.startHint;
  for (uint32_t i = 0; i < model_.size(); ++i)
    hasStart[i] = model_.variables[i].attributes.start.valid() ||
                  (i < hints.size() && hints[i].valid());
  causalizer.preferForTearing(std::move(hasStart));
  KernelSpec assign;
  auto flush = [&] {
    if (assign.steps.empty())
      return;
    assign.name = "mocc_init_" + std::to_string(plan_.init.size());
    plan_.init.push_back({InitStepPlan::Kind::Assign, assign.name, {}, {}, {}, ""});
    plan_.kernels.push_back(std::move(assign));
    assign = KernelSpec{};
  };
  // The relations held at their start values (see buildInitialization).
  for (const EventRelation &r : events_.relations)
    if (r.slot.index < heldAtStart_.size() && heldAtStart_[r.slot.index])
      assign.steps.push_back({KernelStep::Kind::Assign, r.slot, r.relation});
  // Sources first: the fixed states' start values and the values of
  // parameters ahead of what reads them, so that an array's steps come in
  // runs (structural::sourcesFirst).
  for (int b : structural::sourcesFirst(blocks, system.graph, matching)) {
    auto eqs = blocks.equations(b);
    BlockPlan block = causalizer.plan(eqs, blocks.variables(b), noneForced);
    if (block.iterationVariables.empty()) {
      assign.steps.insert(assign.steps.end(), block.steps.begin(), block.steps.end());
      continue;
    }
    flush();
    addSolveStep(std::move(block), describe(system, eqs));
  }
  auto trailing = trailingAssignments(std::vector<char>(model_.size(), 0));
  assign.steps.insert(assign.steps.end(), trailing.begin(), trailing.end());
  flush();
}

void PlanBuilder::addSolveStep(BlockPlan block, std::string description) {
  // "... for `x`, `y`" on its first line: the unknowns Newton iterates on.
  std::string unknowns;
  const std::vector<VarId> &iterated = block.iterationVariables;
  for (size_t i = 0; i < iterated.size() && i < 3; ++i)
    unknowns += (i ? ", `" : " for `") + model_.nameOf(iterated[i]) + "`";
  if (iterated.size() > 3)
    unknowns += " and " + std::to_string(iterated.size() - 3) + " more";
  description.insert(std::min(description.find('\n'), description.size()), unknowns);
  // KINSOL solves for the tearing variables; the kernel assigns the rest of
  // the block and computes the residuals.
  KernelSpec kernel{"mocc_init_" + std::to_string(plan_.init.size()), std::move(block.steps), true};
  InitStepPlan step;
  step.kind = InitStepPlan::Kind::Solve;
  step.kernel = kernel.name;
  std::unordered_map<uint32_t, int> columnOf;
  for (VarId v : block.iterationVariables) {
    columnOf[v.index] = static_cast<int>(step.unknowns.size());
    step.unknowns.push_back(static_cast<int32_t>(v.index));
    step.nominal.push_back(nominalOf(v));
  }
  step.pattern = residualPattern(pool_, kernel.steps, columnOf, static_cast<int>(columnOf.size()),
                                 &knownSlots_);
  for (const KernelStep &s : kernel.steps)
    if (s.kind == KernelStep::Kind::Assign)
      step.assigned.push_back(static_cast<int32_t>(s.target.index));
  step.description = std::move(description);
  plan_.init.push_back(std::move(step));
  plan_.kernels.push_back(std::move(kernel));
  ++plan_.statistics.initSystems;
}

/// Small kernels of initialization become the cases of batches (see
/// KernelSpec::caseStart): a model of thousands of components has one or
/// two small systems per component, and the JIT's fixed cost per function
/// (its pass managers, machine function set-up) would be many times that of
/// their code. Systems (with a JVP) and assignments (without) go to
/// separate batches, each of consecutive kernels in the order of
/// initialization, up to a bounded number of steps so that no batch is big
/// enough for LLVM's super-linear costs per function.
void PlanBuilder::batchInitKernels(size_t firstKernel) {
  constexpr size_t maxCaseSteps = 40;   // a bigger kernel stays a function of its own
  constexpr size_t maxBatchSteps = 400; // a batch is closed once it holds this many
  std::unordered_map<std::string_view, size_t> kernelOf;
  for (size_t k = firstKernel; k < plan_.kernels.size(); ++k)
    kernelOf.emplace(plan_.kernels[k].name, k);
  std::vector<char> batched(plan_.kernels.size(), 0);
  std::vector<KernelSpec> batches;
  KernelSpec current[2]; // by withJvp
  std::vector<InitStepPlan *> members[2];
  auto close = [&](int jvp) {
    KernelSpec &batch = current[jvp];
    if (members[jvp].size() >= 2) {
      batch.name = "mocc_init_batch_" + std::to_string(batches.size());
      for (InitStepPlan *step : members[jvp])
        step->kernel = batch.name;
      batches.push_back(std::move(batch));
    } else if (members[jvp].size() == 1) {
      batched[kernelOf.at(members[jvp][0]->kernel)] = false; // stays as it is
      members[jvp][0]->kernelCase = -1;
    }
    batch = KernelSpec{};
    members[jvp].clear();
  };
  for (InitStepPlan &step : plan_.init) {
    auto found = kernelOf.find(step.kernel);
    if (found == kernelOf.end())
      continue;
    KernelSpec &kernel = plan_.kernels[found->second];
    if (kernel.steps.size() > maxCaseSteps || kernel.jvpSteps < kernel.steps.size())
      continue;
    int jvp = kernel.withJvp ? 1 : 0;
    KernelSpec &batch = current[jvp];
    if (batch.caseStart.empty())
      batch.caseStart.push_back(0);
    batch.withJvp = kernel.withJvp;
    batch.steps.insert(batch.steps.end(), kernel.steps.begin(), kernel.steps.end());
    batch.caseStart.push_back(static_cast<uint32_t>(batch.steps.size()));
    step.kernelCase = static_cast<int32_t>(members[jvp].size());
    members[jvp].push_back(&step);
    batched[found->second] = true;
    if (batch.steps.size() >= maxBatchSteps)
      close(jvp);
  }
  close(0);
  close(1);
  // The batched kernels go; the batches come after the others.
  size_t kept = firstKernel;
  for (size_t k = firstKernel; k < plan_.kernels.size(); ++k) {
    if (batched[k])
      continue;
    if (kept != k)
      plan_.kernels[kept] = std::move(plan_.kernels[k]);
    ++kept;
  }
  plan_.kernels.resize(kept);
  for (KernelSpec &batch : batches)
    plan_.kernels.push_back(std::move(batch));
}

/// Most eliminated aliases are only results (masses on springs: nearly half
/// of the variables, and so of the steps of the residual kernel): the
/// residual kernels and the last step of initialization leave out the
/// assignments of those that no kernel reads and pre() does not copy, and a
/// kernel of their own computes them before each row of results
/// (rt::CompiledModel::aliases).
void PlanBuilder::splitOffAliases() {
  if (reduced_.aliases.aliases.empty())
    return;
  std::vector<char> read(model_.size(), 0);
  std::vector<ExprId> roots;
  for (const KernelSpec &kernel : plan_.kernels)
    for (const KernelStep &step : kernel.steps) {
      if (step.expr.valid())
        roots.push_back(step.expr);
      for (const flat::MessagePart &part : step.message)
        if (part.value.valid())
          roots.push_back(part.value);
    }
  sym::forEachNode(pool_, roots, [&](ExprId id) {
    if (pool_.op(id) == sym::OpKind::Variable)
      read[pool_.variableOf(id).index] = 1;
  });
  for (int32_t slot : plan_.events.valueSlot)
    read[slot] = 1; // pre() copies it
  std::vector<char> resultOnly(model_.size(), 0);
  for (const Alias &alias : reduced_.aliases.aliases)
    resultOnly[alias.var.index] = !read[alias.var.index];
  std::vector<std::string> residuals{plan_.residual};
  for (const StateSetPlan &set : plan_.stateSets)
    residuals.push_back(set.residual);
  KernelSpec aliases{"mocc_aliases", {}, false};
  for (const Alias &alias : reduced_.aliases.aliases)
    if (resultOnly[alias.var.index])
      aliases.steps.push_back({KernelStep::Kind::Assign, alias.var, alias.value});
  // The residual kernels' trailing assignments, and the last step of
  // initialization (unless it is a case of a batch, which stays as it is).
  std::string lastInit;
  if (!plan_.init.empty() && plan_.init.back().kind == InitStepPlan::Kind::Assign &&
      plan_.init.back().kernelCase < 0)
    lastInit = plan_.init.back().kernel;
  auto isResultOnly = [&](const KernelStep &step) {
    return step.kind == KernelStep::Kind::Assign && resultOnly[step.target.index];
  };
  for (KernelSpec &kernel : plan_.kernels) {
    bool residual = std::find(residuals.begin(), residuals.end(), kernel.name) != residuals.end();
    if (!residual && kernel.name != lastInit)
      continue;
    auto trailing = kernel.steps.begin() + static_cast<std::ptrdiff_t>(
                                               std::min(kernel.jvpSteps, kernel.steps.size()));
    kernel.steps.erase(std::remove_if(residual ? trailing : kernel.steps.begin(),
                                      kernel.steps.end(), isResultOnly),
                       kernel.steps.end());
  }
  if (aliases.steps.empty())
    return;
  for (const KernelStep &step : aliases.steps)
    plan_.aliasSlots.push_back(static_cast<int32_t>(step.target.index));
  plan_.aliases = aliases.name;
  plan_.kernels.push_back(std::move(aliases));
}

void PlanBuilder::buildOutputs() {
  // Every variable, parameter and constant of the model as flattened
  // (its components' constants, not those of packages), aliases and dummy
  // derivatives included (as Dymola's result files hold them: the MSL's
  // references compare such constants); not the derivatives index
  // reduction added, not String parameters or external objects (no
  // number). An alias keeps what it aliases (MAT files store it once), and
  // one bound to a parameter expression is constant in time as a parameter
  // is.
  plan_.outputs.reserve(originalSize_);
  for (uint32_t i = 0; i < originalSize_; ++i) {
    const flat::Variable &v = model_.variables[i];
    bool parameter = v.variability == flat::VariabilityKind::Parameter ||
                     v.variability == flat::VariabilityKind::Constant;
    if (v.special != flat::SpecialKind::None ||
        v.name.starts_with('$') || v.type == flat::TypeKind::String ||
        v.type == flat::TypeKind::ExternalObject)
      continue;
    plan::OutputVariable output{v.name, static_cast<int32_t>(i), parameter};
    output.unit = v.attributes.unit;
    output.displayUnit = v.attributes.displayUnit;
    output.description = v.description;
    if (reduced_.aliases.isEliminated(VarId{i}))
      describeAlias(reduced_.aliases.valueOf[i], output);
    plan_.outputs.push_back(std::move(output));
  }
}

/// What an alias's value says for the results: `±x` refers to x, a
/// parameter expression makes it constant in time.
void PlanBuilder::describeAlias(ExprId value, plan::OutputVariable &output) const {
  bool negated = pool_.op(value) == sym::OpKind::Neg;
  ExprId inner = negated ? pool_.operand(value, 0) : value;
  if (VarId x = pool_.variableOf(inner); x.valid()) {
    output.aliasOf = static_cast<int32_t>(x.index);
    output.negated = negated;
    output.parameter = model_.var(x).variability == flat::VariabilityKind::Parameter ||
                       model_.var(x).variability == flat::VariabilityKind::Constant;
    return;
  }
  auto vars = sym::variablesOf(pool_, value);
  bool time = false;
  ExprId roots[] = {value};
  sym::forEachNode(pool_, roots, [&](ExprId id) { time = time || pool_.op(id) == sym::OpKind::Time; });
  output.parameter = !time && std::all_of(vars.begin(), vars.end(), [&](VarId x) {
    const flat::Variable &var = model_.var(x);
    return var.variability == flat::VariabilityKind::Parameter ||
           var.variability == flat::VariabilityKind::Constant;
  });
}

} // namespace

namespace {

/// Whether a product in the model's pool has a factor that is a parameter
/// expression whose value at translation is 0, and another that is not a
/// parameter expression: one pass over the pool (operands come before
/// the nodes that use them), bindings and all. Only if some parameter's
/// value is 0 (a factor that is 0 without one, `a - b` with a = b, is not
/// looked for).
bool hasZeroParameterProducts(const flat::FlatModel &model) {
  const sym::ExprPool &pool = model.pool;
  ParameterValues values(model);
  bool anyZero = false;
  for (uint32_t v = 0; v < model.size() && !anyZero; ++v) {
    const flat::Variable &var = model.var(VarId{v});
    anyZero = (var.variability == flat::VariabilityKind::Parameter ||
               var.variability == flat::VariabilityKind::Constant) &&
              values.of(VarId{v}) == 0.0;
  }
  if (!anyZero)
    return false;
  // 1: no unknown, no time; 2: that, and a parameter in it; 3: such a
  // factor of a product, found not 0.
  std::vector<uint8_t> flag(pool.size(), 0);
  for (uint32_t i = 0; i < pool.size(); ++i) {
    ExprId id{i};
    const sym::Node &node = pool.node(id);
    uint8_t f = 1;
    if (node.op == sym::OpKind::Variable) {
      VarId v = pool.variableOf(id);
      const flat::Variable &var = model.var(v);
      bool parameter = var.variability == flat::VariabilityKind::Parameter ||
                       var.variability == flat::VariabilityKind::Constant;
      f = parameter ? 2 : 0;
    } else if (node.op == sym::OpKind::Time) {
      f = 0;
    } else {
      for (ExprId op : pool.operands(id))
        f = f == 0 || flag[op.index] == 0 ? 0 : std::max<uint8_t>(f, std::min<uint8_t>(flag[op.index], 2));
    }
    flag[i] = f;
    if (node.op != sym::OpKind::Mul || f != 0)
      continue;
    auto ops = pool.operands(id);
    for (int side = 0; side < 2; ++side)
      if (flag[ops[side].index] == 2 && flag[ops[1 - side].index] == 0) {
        // Each factor once (a grid's conductance multiplies every face).
        flag[ops[side].index] = 3;
        if (values(ops[side]) == 0.0)
          return true;
      }
  }
  return false;
}

} // namespace

std::optional<SimulationPlan> causalize(flat::FlatModel &model, Diagnostics &diags) {
  return causalize(model, diags, CausalizeOptions{});
}

std::optional<SimulationPlan> causalize(flat::FlatModel &model, Diagnostics &diags,
                                        const CausalizeOptions &options) {
  // A plan that solves an unknown through a product whose factor parameter
  // values make 0 divides by zero at run time (`ird * R = D.v - Di`, R =
  // 0): the model is causalized again with those products taken out
  // (IndexReducer::dropZeroProducts), and again while the new plan divides
  // by other such factors (one diode's resistance out of the equations
  // changes how the next one's are solved). An attempt's diagnostics are
  // kept only if it stands; the flat model is kept for the next one only
  // if some product has a factor that parameter values make 0.
  if (!hasZeroParameterProducts(model)) {
    PlanBuilder builder(model, diags, options);
    return builder.run();
  }
  constexpr int maxAttempts = 8;
  flat::FlatModel pristine = model;
  CausalizeOptions attemptOptions = options;
  for (int attempt = 1;; ++attempt) {
    std::ostringstream text;
    Diagnostics attemptDiags(diags, text);
    PlanBuilder builder(model, attemptDiags, attemptOptions);
    auto plan = builder.run();
    std::vector<ExprId> &factors = attemptOptions.reduction.zeroFactors;
    size_t known = factors.size();
    for (ExprId f : builder.zeroSolves())
      if (std::find(factors.begin(), factors.end(), f) == factors.end())
        factors.push_back(f);
    if (factors.size() == known || attempt == maxAttempts) {
      diags.replay(attemptDiags, text.str());
      return plan;
    }
    model = pristine;
  }
}

std::optional<PlanStatistics> checkModel(const flat::FlatModel &model, Diagnostics &diags) {
  // Index reduction changes the model: check a copy.
  auto roles = classifyVariables(model);
  PlanStatistics stats;
  stats.equations = model.equations.size();
  for (RoleKind r : roles)
    stats.unknowns += r == RoleKind::State || r == RoleKind::Algebraic;
  // A variable assigned in when-clauses counts as one equation and one
  // unknown (MLS 8.3.5: the branches of a clause assign the same set).
  for (char assigned : model.assignedInWhen())
    if (assigned) {
      ++stats.equations;
      ++stats.unknowns;
    }
  // A balanced model with connectors of its own is a component: the
  // connections of an enclosing model complete it (its unconnected flows
  // are zero here), so whether it can be simulated alone is only a warning
  // (MLS 4.7 asks components to be balanced; tools check no more).
  bool component = model.hasConnectors && stats.equations == stats.unknowns;
  flat::FlatModel copy = model;
  prepareEvents(copy);
  takeHomotopyOut(copy);
  ReductionOptions options;
  options.dynamicStateSelection = false;
  diags.setErrorsAsWarnings(component);
  auto reduced = reduceIndex(copy, diags, options);
  diags.setErrorsAsWarnings(false);
  if (!reduced) {
    if (!component)
      return std::nullopt;
    diags.report(diag::NoteBalancedComponent, model.loc, {model.name});

    return stats;
  }
  stats.states = reduced->choices[0].states.size();
  stats.aliases = reduced->aliases.aliases.size();
  stats.differentiated = reduced->equations.size() - reduced->numModelEquations;
  stats.dummyDerivatives = reduced->choices[0].dummyDerivatives.size();
  return stats;
}

} // namespace mocc::causalize
