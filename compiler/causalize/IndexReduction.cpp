// Implementation of index reduction: the structural checks of the model as
// written, alias elimination, Pantelides' algorithm with a symbolic
// differentiator, and the dummy-derivative selection with its alternatives.
//
// Differentiation with respect to time (the chain rule over the expression
// DAG, compiler/symbolic/Differentiate.h): time has derivative 1;
// parameters, constants and discrete variables 0; a continuous variable v
// has der(v), created when it does not exist; an if-expression is
// differentiated branch by branch under the same condition (noEvent and
// smooth kept); a function call output goes to the CallDifferentiator hook.
// Each node is differentiated once, so a derivative shares every
// subexpression with its equation and with the other derivatives.
#include "compiler/causalize/IndexReduction.h"
#include "compiler/causalize/SemiLinear.h"

#include "compiler/functions/Derivative.h"

#include "compiler/structural/Matching.h"
#include "compiler/structural/Pantelides.h"
#include "compiler/symbolic/Differentiate.h"

#include <algorithm>
#include <chrono>

namespace mocc::causalize {

using sym::ExprId;
using sym::OpKind;
using sym::VarId;

namespace {

/// d/dt f(a)_k through f's `derivative` annotation (MLS 12.7.1), if it has
/// a first-order one that fits: df(a, der(a) of the inputs that are neither
/// noDerivative nor zeroDerivative) gives the derivative of output k as its
/// output k. A zeroDerivative input must have a zero derivative here, else
/// the entry does not apply. Invalid if none applies.
ExprId annotatedDerivative(flat::FlatModel &model, uint32_t function,
                           const std::vector<ExprId> &args, uint32_t k,
                           const std::function<ExprId(ExprId)> &timeDerivative) {
  sym::ExprPool &pool = model.pool;
  for (const flat::DerivativeInfo &info : model.functions[function].derivatives) {
    if (info.order != 1 || info.function >= model.functions.size())
      continue;
    auto named = [](const std::vector<std::string> &names, const std::string &field) {
      // an input, or a field of a record input ("R.T")
      for (const std::string &n : names)
        if (field == n || field.rfind(n + ".", 0) == 0)
          return true;
      return false;
    };
    std::vector<ExprId> derivativeArgs = args;
    size_t next = 0;
    bool fits = true;
    for (const flat::FunctionVariable &v : model.functions[function].variables) {
      if (v.kind != flat::FunctionVariable::Kind::Input)
        continue;
      auto count = static_cast<size_t>(v.count());
      if (next + count > args.size()) {
        fits = false;
        break;
      }
      bool zero = named(info.zeroDerivative, v.name);
      for (size_t i = next; fits && i < next + count; ++i) {
        // Only Real inputs have derivatives (an Integer, an external object: none).
        if (named(info.noDerivative, v.name) || v.type != flat::TypeKind::Real)
          continue;
        ExprId d = timeDerivative(args[i]);
        if (!d.valid() || (zero && !pool.isConstant(d, 0.0)))
          fits = false;
        else if (!zero)
          derivativeArgs.push_back(d);
      }
      next += count;
    }
    if (fits && next == args.size())
      return pool.output(pool.call(info.function, derivativeArgs), k);
  }
  return {};
}

} // namespace

CallDerivative differentiateCalls(flat::FlatModel &model, ExprId output,
                                  const std::function<ExprId(ExprId)> &timeDerivative) {
  // d/dt f(a)_k = (f'(a, der(a)))_{n+k}: the forward derivative of f
  // (functions/Derivative.h) returns f's n outputs, then their tangents.
  sym::ExprPool &pool = model.pool;
  ExprId call = pool.operand(output, 0);
  uint32_t k = pool.node(output).payload.index;
  uint32_t function = pool.node(call).payload.index;
  if (function >= model.functions.size())
    return cannotDifferentiateCalls(model, output, timeDerivative);
  auto operands = pool.operands(call);
  std::vector<ExprId> args(operands.begin(), operands.end());
  if (auto given = annotatedDerivative(model, function, args, k, timeDerivative); given.valid())
    return {given, ""};
  size_t numArgs = args.size();
  for (size_t i = 0; i < numArgs; ++i) {
    ExprId d = timeDerivative(args[i]);
    if (!d.valid())
      return {ExprId{}, "an argument of `" + model.functions[function].name +
                            "` has no time derivative"};
    args.push_back(d);
  }
  diag::Message error;
  functions::DerivativeTable table(model.functions);
  auto derivative = table.derivativeOf(function, &error);
  if (!derivative)
    return {ExprId{}, "the function `" + model.functions[function].name +
                          "` cannot be differentiated: " + error.text()};
  auto numOutputs = static_cast<uint32_t>(model.functions[function].outputSlots.size());
  return {pool.output(pool.call(*derivative, args), numOutputs + k), ""};
}

CallDerivative cannotDifferentiateCalls(flat::FlatModel &model, ExprId output,
                                        const std::function<ExprId(ExprId)> &) {
  uint32_t function = model.pool.node(model.pool.operand(output, 0)).payload.index;
  std::string name = function < model.functions.size() ? model.functions[function].name
                                                        : "f" + std::to_string(function);
  return {ExprId{}, "it calls the function `" + name +
                        "`, and differentiating function calls is not supported yet"};
}

std::string describeStates(const flat::FlatModel &model, const StateChoice &choice) {
  std::string text;
  for (size_t i = 0; i < choice.states.size() && i < 8; ++i)
    text += (i ? ", `" : "`") + model.nameOf(choice.states[i]) + "`";
  if (choice.states.size() > 8)
    text += ", ...";
  return choice.states.empty() ? "none" : text;
}

namespace {

/// Wall-clock time of consecutive passes.
class Stopwatch {
public:
  /// Records the time since the last lap as pass `name`.
  void lap(std::vector<std::pair<std::string, double>> &times, const char *name) {
    auto now = std::chrono::steady_clock::now();
    times.push_back({name, std::chrono::duration<double>(now - last_).count()});
    last_ = now;
  }

private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// --- Checks of the model as written ------------------------------------------------------

/// Balance and structural solvability of the model's own equations, before
/// anything is changed, so errors show the equations the user wrote. A
/// system that is singular with the states known may still be fine after
/// index reduction; it is singular for good only if no perfect matching
/// exists when a variable and its derivatives count as one unknown.
bool checkWrittenModel(const flat::FlatModel &model, const std::vector<RoleKind> &roles,
                       Diagnostics &diags) {
  // The unknowns: algebraic variables and highest derivatives (der(x) is
  // known when der(der(x)) occurs).
  EquationSystem system;
  for (uint32_t i = 0; i < model.size(); ++i)
    if ((roles[i] == RoleKind::Derivative || roles[i] == RoleKind::Algebraic) &&
        !model.variables[i].derivative.valid())
      system.unknowns.push_back(VarId{i});
  system.equations = model.equations;
  system.build(model);
  auto matching = structural::computeMaximumMatching(system.graph);
  if (matching.isPerfect())
    return true;
  if (system.equations.size() != system.unknowns.size()) {
    reportSingular(model, system, matching, "the model", diags);
    return false;
  }
  EquationSystem families;
  for (uint32_t i = 0; i < model.size(); ++i)
    if (roles[i] == RoleKind::State || roles[i] == RoleKind::Algebraic)
      families.unknowns.push_back(VarId{i});
  families.equations = model.equations;
  families.buildFamilies(model);
  auto familyMatching = structural::computeMaximumMatching(families.graph);
  if (familyMatching.isPerfect())
    return true;
  reportSingular(model, families, familyMatching, "the model", diags);
  return false;
}

// --- The symbolic side of Pantelides' algorithm ------------------------------------------

/// Differentiates equations of the reduced system for Pantelides' algorithm
/// and keeps the system's variable maps in step with the structure.
class SymbolicDifferentiator final : public structural::EquationDifferentiator {
public:
  SymbolicDifferentiator(flat::FlatModel &model, ReducedSystem &system,
                         const std::vector<RoleKind> &roles, const CallDifferentiator &hook)
      : model_(model), pool_(model.pool), system_(system), roles_(roles), hook_(hook) {}

  void addedDerivativeVariable(int var, int derVar) override;
  std::vector<int> differentiateEquation(int eq, int derEq,
                                         structural::DerivativeVariables &d) override;
  bool differentiationFailed() const override { return !failure_.empty(); }

  /// Why the last differentiation failed.
  const std::string &failure() const { return failure_; }
  /// The local variables of an expression pair, ascending.
  std::vector<int> incidence(ExprId lhs, ExprId rhs);
  /// Per local variable: whether it is discrete (Integer, Boolean, an
  /// enumeration or a discrete Real) with an equation of its own; such a
  /// variable is left out of every other row (see IndexReducer::run).
  std::vector<char> definedDiscrete;

private:
  ExprId leafDerivative(ExprId leaf, structural::DerivativeVariables &d);
  ExprId variableDerivative(VarId v, structural::DerivativeVariables &d);
  void fail(const std::string &why) {
    if (failure_.empty())
      failure_ = why;
  }

  flat::FlatModel &model_;
  sym::ExprPool &pool_;
  ReducedSystem &system_;
  const std::vector<RoleKind> &roles_;
  const CallDifferentiator &hook_;
  std::string failure_;
  std::vector<char> incidenceSeen_; ///< per pool node, cleared after each use
};

void SymbolicDifferentiator::addedDerivativeVariable(int var, int derVar) {
  VarId der = model_.derivativeOf(system_.variables[var]);
  (void)derVar; // == system_.variables.size(): Pantelides numbers them in order
  system_.variables.push_back(der);
  system_.varToDiff.push_back(-1);
  system_.varToDiff[var] = static_cast<int>(system_.variables.size()) - 1;
  if (system_.localOf.size() < model_.size())
    system_.localOf.resize(model_.size(), -1);
  system_.localOf[der.index] = static_cast<int>(system_.variables.size()) - 1;
}

ExprId SymbolicDifferentiator::variableDerivative(VarId v, structural::DerivativeVariables &d) {
  const flat::Variable &var = model_.var(v);
  bool known = v.index < roles_.size() && roles_[v.index] == RoleKind::Known;
  if (known && var.causality == flat::CausalityKind::Input && var.variability ==
                                                                  flat::VariabilityKind::Continuous) {
    fail("it contains the input `" + var.name + "`, whose derivative is not known");
    return ExprId{};
  }
  if (known || var.variability != flat::VariabilityKind::Continuous ||
      var.type != flat::TypeKind::Real)
    return pool_.zero(); // constant in time, or piecewise constant
  int local = v.index < system_.localOf.size() ? system_.localOf[v.index] : -1;
  if (local < 0) {
    fail("the variable `" + var.name + "` is not part of the system");
    return ExprId{};
  }
  int der = d.derivativeOf(local);
  return pool_.variable(system_.variables[der]);
}

ExprId SymbolicDifferentiator::leafDerivative(ExprId leaf, structural::DerivativeVariables &d) {
  switch (pool_.op(leaf)) {
  case OpKind::Time:
    return pool_.one();
  case OpKind::Variable:
    return variableDerivative(pool_.variableOf(leaf), d);
  case OpKind::Output: {
    auto timeDerivative = [&](ExprId e) {
      return sym::differentiate(pool_, e, [&](ExprId l) { return leafDerivative(l, d); });
    };
    // A call of time-invariant arguments is constant (functions are pure).
    auto operands = pool_.operands(pool_.operand(leaf, 0));
    std::vector<ExprId> args(operands.begin(), operands.end()); // the pool grows below
    bool invariant = true;
    for (ExprId arg : args) {
      ExprId d = timeDerivative(arg);
      invariant &= d.valid() && pool_.isConstant(d, 0.0);
    }
    if (invariant)
      return pool_.zero();
    CallDerivative r = hook_(model_, leaf, timeDerivative);
    if (!r.derivative.valid())
      fail(r.error);
    return r.derivative;
  }
  default:
    return ExprId{};
  }
}

std::vector<int> SymbolicDifferentiator::differentiateEquation(
    int eq, int derEq, structural::DerivativeVariables &d) {
  failure_.clear();
  flat::Equation source = system_.equations[eq]; // a copy: the list grows
  auto leaf = [&](ExprId l) { return leafDerivative(l, d); };
  ExprId lhs = sym::differentiate(pool_, source.lhs, leaf);
  ExprId rhs = failure_.empty() ? sym::differentiate(pool_, source.rhs, leaf) : ExprId{};
  if (!lhs.valid() || !rhs.valid()) {
    fail("an expression in it has no derivative");
    lhs = rhs = pool_.zero();
  }
  (void)derEq; // == system_.equations.size()
  system_.equations.push_back({lhs, rhs, source.loc, flat::EquationOriginKind::Differentiated,
                               static_cast<uint32_t>(eq)});
  std::vector<int> row = incidence(lhs, rhs);
  // A discrete variable is constant between events: no unknown of a
  // differentiated equation.
  std::erase_if(row, [&](int l) {
    return static_cast<size_t>(l) < definedDiscrete.size() && definedDiscrete[l];
  });
  return row;
}

std::vector<int> SymbolicDifferentiator::incidence(ExprId lhs, ExprId rhs) {
  // The variables whose derivatives the differentiated equation holds:
  // nothing below a relation, a logical or integer-valued operation, or in
  // the condition of an if-expression (their time derivative is zero
  // between events). A continuous variable seen only there cannot be
  // solved from the equation, and must not be matched to it: its
  // derivative would be `0 = 0` (Boolean equations such as
  // `b = if c then false else x >= y`).
  std::vector<int> vars;
  std::vector<ExprId> stack{lhs, rhs};
  std::vector<char> &seen = incidenceSeen_;
  seen.resize(pool_.size(), 0);
  std::vector<ExprId> visited;
  while (!stack.empty()) {
    ExprId id = stack.back();
    stack.pop_back();
    if (seen[id.index])
      continue;
    seen[id.index] = 1;
    visited.push_back(id);
    const sym::Node &node = pool_.node(id);
    if (node.op == OpKind::Variable) {
      VarId v = pool_.variableOf(id);
      if (v.valid() && v.index < system_.localOf.size() && system_.localOf[v.index] >= 0)
        vars.push_back(system_.localOf[v.index]);
      continue;
    }
    if (sym::isPiecewiseConstant(node.op))
      continue;
    auto operands = pool_.operands(id);
    for (size_t k = node.op == OpKind::IfElse ? 1 : 0; k < operands.size(); ++k)
      stack.push_back(operands[k]);
  }
  for (ExprId id : visited)
    seen[id.index] = 0;
  std::sort(vars.begin(), vars.end());
  vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
  return vars;
}

// --- The reduction ---------------------------------------------------------------------------

/// One run of index reduction.
class IndexReducer {
public:
  IndexReducer(flat::FlatModel &model, Diagnostics &diags, const ReductionOptions &options)
      : model_(model), diags_(diags), options_(options), roles_(classifyVariables(model)) {}

  std::optional<ReducedSystem> run();

private:
  void dropZeroProducts();
  void collectVariables();
  void keepDiscreteInOwnRows(std::vector<std::vector<int>> &rows,
                             std::vector<char> &definedDiscrete);
  std::vector<int> priorities() const;
  bool reportPantelides(const structural::PantelidesResult &r,
                        const SymbolicDifferentiator &differentiator);
  bool chooseStates(structural::DaeStructure &dae, SymbolicDifferentiator &differentiator);
  bool useSelectionMatrices(structural::DaeStructure &dae, SymbolicDifferentiator &differentiator,
                            std::vector<int> &priority);
  void addSelectionMatrix(const structural::AmbiguousBlock &block,
                          const structural::DummyDerivativeResult &chosen,
                          structural::DaeStructure &dae, SymbolicDifferentiator &differentiator);
  void warnAboutChoices();
  StateChoice toChoice(const structural::DummyDerivativeResult &selection,
                       const std::vector<structural::SelectionBlock> &blocks) const;
  flat::StateSelectKind stateSelectOf(VarId v) const {
    const auto &list = system_.aliases.stateSelect;
    return v.index < list.size() ? list[v.index] : flat::StateSelectKind::Default;
  }
  std::string print(ExprId e) const {
    return sym::print(
        model_.pool, e, [this](VarId v) { return model_.nameOf(v); },
        [this](uint32_t f) {
          return f < model_.functions.size() ? model_.functions[f].name : "f" + std::to_string(f);
        });
  }
  std::string equationText(const flat::Equation &eq) const {
    return "`" + print(eq.lhs) + " = " + print(eq.rhs) + "`";
  }

  flat::FlatModel &model_;
  Diagnostics &diags_;
  const ReductionOptions &options_;
  std::vector<RoleKind> roles_;
  ReducedSystem system_;
};

/// A product whose factor is 0 by the values parameters have at
/// translation (ParameterValues) is 0, and the unknowns of its other
/// factor are not unknowns of the equation there: `ird * R = D.v - Di`
/// with R = 0 (a MOSFET's drain resistance left out, MSL Spice3)
/// determines Di = D.v, and solving it for ird divides by zero. The
/// products of the factors in options_.zeroFactors (those a first
/// causalization divided by, PlanBuilder::zeroSolves) are replaced by 0
/// in the equations before any structural pass, so that matching does not
/// assign an unknown to an equation through that coefficient, and index
/// reduction sees the constraint that is left. (Removing an entry that is
/// 0 cannot make a nonsingular Jacobian singular: every term of its
/// determinant through that entry is 0. It does change which equations
/// index reduction differentiates and which states are chosen, so only
/// the products that would otherwise be divided by are removed.) The
/// factors are decisions: overriding a parameter they read translates
/// again (D9). Initial equations are left as written.
void IndexReducer::dropZeroProducts() {
  if (options_.zeroFactors.empty())
    return;
  sym::ExprPool &pool = model_.pool;
  std::vector<ExprId> factors(options_.zeroFactors);
  std::sort(factors.begin(), factors.end());
  auto isFactor = [&](ExprId id) { return std::binary_search(factors.begin(), factors.end(), id); };
  // Per node: 1 reaches no unknown, 2 reaches one; 4 set: a product to
  // replace, 8 set: reaches one.
  std::vector<uint8_t> kind(pool.size(), 0);
  auto isKnown = [&](VarId v) {
    return v.index < roles_.size() && roles_[v.index] == RoleKind::Known;
  };
  std::vector<size_t> rewrite;
  for (size_t e = 0; e < model_.equations.size(); ++e) {
    const flat::Equation &eq = model_.equations[e];
    ExprId roots[] = {eq.lhs, eq.rhs};
    sym::forEachNode(pool, roots, [&](ExprId id) {
      if (kind[id.index] != 0)
        return;
      const sym::Node &node = pool.node(id);
      uint8_t k = 1;
      if (node.op == OpKind::Variable)
        k = isKnown(pool.variableOf(id)) ? 1 : 2;
      else if (node.op == OpKind::Time)
        k = 2;
      for (ExprId op : pool.operands(id)) {
        k = std::max<uint8_t>(k & 3, kind[op.index] & 3) | (k & 8);
        k |= kind[op.index] & 8;
      }
      if (node.op == OpKind::Mul) {
        auto ops = pool.operands(id);
        for (int side = 0; side < 2; ++side)
          if (isFactor(ops[side]) && (kind[ops[1 - side].index] & 3) == 2) {
            k |= 4 | 8;
            system_.zeroFactors.push_back(ops[side]);
            break;
          }
      }
      kind[id.index] = k;
    });
    if ((kind[eq.lhs.index] | kind[eq.rhs.index]) & 8)
      rewrite.push_back(e);
  }
  auto zero = [&](ExprId id) -> std::optional<ExprId> {
    if (id.index < kind.size() && (kind[id.index] & 4))
      return pool.zero();
    return std::nullopt;
  };
  for (size_t e : rewrite) {
    flat::Equation &eq = model_.equations[e];
    eq.lhs = sym::replaceNodes(pool, eq.lhs, zero);
    eq.rhs = sym::replaceNodes(pool, eq.rhs, zero);
  }
  // A record of an explicit-ODE for-equation holds its equations as
  // written: drop the records of those rewritten.
  std::erase_if(model_.arrayEquations, [&](const flat::ArrayEquation &a) {
    auto it = std::lower_bound(rewrite.begin(), rewrite.end(), a.first);
    return it != rewrite.end() && *it < a.first + a.count;
  });
}

std::optional<ReducedSystem> IndexReducer::run() {
  // Step 0: products that parameter values make 0.
  dropZeroProducts();
  // Step 1: the model as written must be balanced and solvable.
  Stopwatch watch;
  if (!checkWrittenModel(model_, roles_, diags_))
    return std::nullopt;
  watch.lap(system_.passTimes, "structural check");
  // Step 2: aliases.
  system_.aliases = eliminateAliases(model_, roles_);
  system_.equations = system_.aliases.equations;
  // Chains of semiLinear equations that leave their intermediates free at
  // zero flow (MLS 3.7.4.5, rule 1); algebraic intermediates only.
  applySemiLinearRules(model_.pool, system_.equations, [&](sym::VarId v) {
    return v.index < roles_.size() && roles_[v.index] == RoleKind::Algebraic &&
           !system_.aliases.isEliminated(v);
  });
  system_.numModelEquations = system_.equations.size();
  collectVariables();
  watch.lap(system_.passTimes, "alias elimination");
  // Step 3: Pantelides' algorithm on the incidence graph.
  SymbolicDifferentiator differentiator(model_, system_, roles_, options_.callDerivative);
  std::vector<std::vector<int>> rows;
  for (const flat::Equation &eq : system_.equations)
    rows.push_back(differentiator.incidence(eq.lhs, eq.rhs));
  keepDiscreteInOwnRows(rows, differentiator.definedDiscrete);
  structural::DaeStructure dae(
      structural::BipartiteGraph::fromRows(static_cast<int>(system_.variables.size()), rows),
      system_.varToDiff);
  structural::PantelidesResult pantelides = structural::runPantelides(dae, differentiator);
  if (!reportPantelides(pantelides, differentiator))
    return std::nullopt;
  watch.lap(system_.passTimes, "Pantelides");
  // Step 4: the states.
  if (!chooseStates(dae, differentiator))
    return std::nullopt;
  watch.lap(system_.passTimes, "state selection");
  return std::move(system_);
}

/// A discrete variable (Integer, Boolean, enumeration, discrete Real) is
/// constant between events; where an equation has it as its only unknown
/// (`phase = if $rel1 then 1 else 2`: the relations are held discrete
/// variables), that row determines it and the others only read it. It is
/// left out of the other rows, so that an augmenting path of Pantelides'
/// algorithm (1988) does not run through it into its equation, which
/// would be differentiated to `0 = 0` and leave no derivative for the
/// dummy-derivative selection (Mattsson and Söderlind 1993): "no states
/// can be chosen" in the MSL's water media (`phase` of IF97, an argument
/// of the property functions that index reduction differentiates).
void IndexReducer::keepDiscreteInOwnRows(std::vector<std::vector<int>> &rows,
                                         std::vector<char> &definedDiscrete) {
  definedDiscrete.assign(system_.variables.size(), 0);
  auto isDiscrete = [&](int l) {
    const flat::Variable &var = model_.var(system_.variables[l]);
    return var.type != flat::TypeKind::Real || var.variability == flat::VariabilityKind::Discrete;
  };
  std::vector<int> own(system_.variables.size(), -1);
  for (size_t r = 0; r < rows.size(); ++r)
    if (rows[r].size() == 1 && own[rows[r][0]] < 0 && isDiscrete(rows[r][0])) {
      own[rows[r][0]] = static_cast<int>(r);
      definedDiscrete[rows[r][0]] = 1;
    }
  for (size_t r = 0; r < rows.size(); ++r)
    std::erase_if(rows[r], [&](int l) { return definedDiscrete[l] && own[l] != static_cast<int>(r); });
}

void IndexReducer::collectVariables() {
  // Every variable the equations determine: not known, not an alias.
  system_.localOf.assign(model_.size(), -1);
  for (uint32_t i = 0; i < model_.size(); ++i) {
    bool known = i < roles_.size() && roles_[i] == RoleKind::Known;
    if (known || system_.aliases.isEliminated(VarId{i}))
      continue;
    system_.localOf[i] = static_cast<int>(system_.variables.size());
    system_.variables.push_back(VarId{i});
  }
  system_.varToDiff.assign(system_.variables.size(), -1);
  for (size_t l = 0; l < system_.variables.size(); ++l) {
    VarId der = model_.var(system_.variables[l]).derivative;
    if (der.valid() && system_.localOf[der.index] >= 0)
      system_.varToDiff[l] = system_.localOf[der.index];
  }
}

std::vector<int> IndexReducer::priorities() const {
  // A derivative without a stateSelect of its own takes its base's, so
  // that der(x) competes like x. The priorities are twice
  // structural::statePriority, with one level between never and avoid:
  // there goes a variable with the default stateSelect that does not appear
  // differentiated in the model as written, only in the equations that
  // index reduction differentiated. The default means "a state if
  // appropriate, but only if the variable appears differentiated", and
  // avoid "only if no potential state with default, prefer or always can
  // be selected" (MLS 4.8.7.2): a Body's quaternions (avoid, appearing
  // differentiated) are its states, not the entries of the rotation matrix
  // they give (the loop of Constraints.Universal differentiates those).
  std::vector<int> priority(system_.variables.size(), 0);
  std::vector<char> done(system_.variables.size(), 0);
  for (size_t base = 0; base < system_.variables.size(); ++base) {
    if (model_.var(system_.variables[base]).derivativeOf.valid() &&
        system_.localOf[model_.var(system_.variables[base]).derivativeOf.index] >= 0)
      continue; // not the start of a chain
    int inherited = 0;
    VarId baseVar = system_.variables[base];
    bool written = baseVar.index < roles_.size() && roles_[baseVar.index] == RoleKind::State;
    for (int l = static_cast<int>(base); l >= 0 && !done[l]; l = system_.varToDiff[l]) {
      auto kind = stateSelectOf(system_.variables[l]);
      if (kind != flat::StateSelectKind::Default || l == static_cast<int>(base))
        inherited = 2 * structural::statePriority(static_cast<structural::StateSelectKind>(kind));
      if (l == static_cast<int>(base) && kind == flat::StateSelectKind::Default && !written)
        inherited = 2 * structural::statePriority(structural::StateSelectKind::Avoid) - 1;
      priority[l] = inherited;
      done[l] = 1;
    }
  }
  return priority;
}

bool IndexReducer::reportPantelides(const structural::PantelidesResult &r,
                                    const SymbolicDifferentiator &differentiator) {
  using Status = structural::PantelidesStatusKind;
  if (r.status == Status::Success)
    return true;
  if (r.status == Status::DifferentiationFailed) {
    const flat::Equation &eq = system_.equations[r.offendingEquations[0]];
    diags_.report(diag::CannotDifferentiateEquation, eq.loc,
                  {equationText(eq), differentiator.failure()});
    for (const flat::Equation *e = &eq; e->origin == flat::EquationOriginKind::Differentiated;) {
      e = &system_.equations[e->originIndex];
      diags_.report(diag::NoteDerivativeOf, e->loc, {equationText(*e)});
    }
    return false;
  }
  diags_.report(r.status == Status::DifferentiationLimit ? diag::IndexReductionDoesNotTerminate
                                                         : diag::SingularAfterAliasElimination,
                model_.loc);
  for (size_t i = 0; i < r.offendingEquations.size() && i < 12; ++i) {
    const flat::Equation &eq = system_.equations[r.offendingEquations[i]];
    diags_.report(diag::NoteEquationText, eq.loc, {equationText(eq)});
  }
  return false;
}

StateChoice IndexReducer::toChoice(const structural::DummyDerivativeResult &selection,
                                   const std::vector<structural::SelectionBlock> &blocks) const {
  StateChoice choice;
  for (int l : selection.states)
    choice.states.push_back(system_.variables[l]);
  for (int l : selection.dummyDerivatives)
    choice.dummyDerivatives.push_back(system_.variables[l]);
  std::sort(choice.states.begin(), choice.states.end());
  std::sort(choice.dummyDerivatives.begin(), choice.dummyDerivatives.end());
  for (const structural::SelectionBlock &b : blocks) {
    std::vector<VarId> columns;
    for (int l : b.columns)
      columns.push_back(system_.variables[l]);
    choice.pivotBlocks.push_back({b.equations, columns});
  }
  return choice;
}


namespace {

/// The derivatives that differentiating the equations of a selection
/// matrix needs: those of the system, and new ones for its states.
class GrowingDerivatives final : public structural::DerivativeVariables {
public:
  GrowingDerivatives(structural::DaeStructure &dae, structural::EquationDifferentiator &owner)
      : dae_(dae), owner_(owner) {}
  int derivativeOf(int var) override {
    if (dae_.varToDiff[var] >= 0)
      return dae_.varToDiff[var];
    int der = dae_.addDerivativeVariable(var);
    owner_.addedDerivativeVariable(var, der);
    return der;
  }

private:
  structural::DaeStructure &dae_;
  structural::EquationDifferentiator &owner_;
};

} // namespace

/// The priority of the states of the selection matrices: above always, the
/// earlier sets above the later ones (a later set's equations at a higher
/// order must not take an earlier set's state).
constexpr int selectionStatePriority = 1 << 20;

void IndexReducer::addSelectionMatrix(const structural::AmbiguousBlock &block,
                                      const structural::DummyDerivativeResult &chosen,
                                      structural::DaeStructure &dae,
                                      SymbolicDifferentiator &differentiator) {
  sym::ExprPool &pool = model_.pool;
  SelectionMatrix m;
  m.rows = block.equations;
  size_t id = system_.matrices.size();
  std::string prefix = "$stateSet" + std::to_string(id + 1);
  for (int c : block.forced)
    m.forced.push_back(system_.variables[c]);
  std::vector<int> lower;
  for (size_t j = 0; j < block.columns.size(); ++j) {
    int c = block.columns[j];
    m.columns.push_back(system_.variables[c]);
    lower.push_back(dae.diffToVar[c]);
    std::vector<VarId> chain;
    for (int v = lower.back(); v >= 0; v = dae.varToDiff[v])
      chain.push_back(system_.variables[v]);
    m.columnChains.push_back(std::move(chain));
    if (!chosen.isDummy[c])
      m.initial.push_back(static_cast<int>(j));
  }
  m.numStates = static_cast<int>(block.columns.size()) - block.numDummies;
  m.initial.resize(static_cast<size_t>(m.numStates), 0);
  GrowingDerivatives grow(dae, differentiator);
  for (int i = 0; i < m.numStates; ++i) {
    // A's row i: 1 in the column of the static choice's state.
    ExprId sum = pool.zero();
    for (size_t j = 0; j < block.columns.size(); ++j) {
      flat::Variable a;
      a.name = prefix + ".A[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]";
      a.variability = flat::VariabilityKind::Discrete;
      a.special = flat::SpecialKind::Selection;
      a.isProtected = true;
      a.attributes.start = pool.constant(m.initial[i] == static_cast<int>(j) ? 1.0 : 0.0);
      VarId av = model_.addVariable(std::move(a));
      m.a.push_back(av);
      sum = pool.add(sum, pool.mul(pool.variable(av), pool.variable(system_.variables[lower[j]])));
    }
    // The state s_i = A[i, :] x, an equation with the order of the block.
    flat::Variable state;
    state.name = prefix + ".x[" + std::to_string(i + 1) + "]";
    state.isProtected = true;
    state.loc = model_.var(m.columns[static_cast<size_t>(m.initial[i])]).loc;
    VarId sv = model_.addVariable(std::move(state));
    int local = dae.addVariable();
    system_.variables.push_back(sv);
    system_.varToDiff.push_back(-1);
    system_.localOf.resize(model_.size(), -1);
    system_.localOf[sv.index] = local;
    flat::Equation eq{pool.variable(sv), sum, model_.var(sv).loc,
                      flat::EquationOriginKind::Equation, 0};
    int e = static_cast<int>(system_.equations.size());
    system_.equations.push_back(eq);
    dae.addEquation(differentiator.incidence(eq.lhs, eq.rhs));
    for (int d = 0; d < block.level; ++d) {
      int next = static_cast<int>(system_.equations.size());
      std::vector<int> vars = differentiator.differentiateEquation(e, next, grow);
      dae.addDerivativeEquation(e, vars);
      e = next;
    }
    std::vector<VarId> chain;
    for (int v = local; v >= 0; v = dae.varToDiff[v])
      chain.push_back(system_.variables[v]);
    m.stateChains.push_back(std::move(chain));
  }
  system_.matrices.push_back(std::move(m));
}

bool IndexReducer::useSelectionMatrices(structural::DaeStructure &dae,
                                        SymbolicDifferentiator &differentiator,
                                        std::vector<int> &priority) {
  // Level by level, the first ambiguous blocks get selection matrices; the
  // next level's blocks follow from the new selection. The system grows;
  // where the result does not make the candidates dummies and the new
  // variables states, everything is undone.
  ReducedSystem saved = system_;
  structural::DaeStructure savedDae = dae;
  size_t savedModelSize = model_.size();
  int nextPriority = selectionStatePriority;
  auto restore = [&] {
    system_ = std::move(saved);
    dae = std::move(savedDae);
    model_.variables.resize(savedModelSize); // the variables added are not referenced
    for (flat::Variable &v : model_.variables)
      if (v.derivative.valid() && v.derivative.index >= savedModelSize)
        v.derivative = VarId{};
    return false;
  };
  for (int round = 0; round < 16; ++round) {
    auto blocks = structural::findAmbiguousBlocks(dae, priority, options_.stateSets);
    if (blocks.empty())
      break;
    structural::DummyDerivativeResult chosen = structural::selectDummyDerivatives(dae, priority);
    size_t first = system_.matrices.size();
    for (const structural::AmbiguousBlock &block : blocks)
      addSelectionMatrix(block, chosen, dae, differentiator);
    if (differentiator.differentiationFailed())
      return restore();
    priority.resize(system_.variables.size(), 0);
    for (size_t k = first; k < system_.matrices.size(); ++k) {
      for (const std::vector<VarId> &chain : system_.matrices[k].stateChains)
        for (VarId v : chain)
          priority[system_.localOf[v.index]] = nextPriority;
      --nextPriority;
    }
  }
  if (system_.matrices.empty())
    return restore();
  // The selection must take every column as a dummy and keep every new
  // variable a state.
  structural::DummyDerivativeResult chosen = structural::selectDummyDerivatives(dae, priority);
  if (chosen.status != structural::DummyDerivativeStatusKind::Success)
    return restore();
  for (const SelectionMatrix &m : system_.matrices) {
    for (VarId c : m.columns)
      if (!chosen.isDummy[system_.localOf[c.index]])
        return restore();
    for (const std::vector<VarId> &chain : m.stateChains)
      if (!std::binary_search(chosen.states.begin(), chosen.states.end(),
                              system_.localOf[chain.front().index]))
        return restore();
  }
  return true;
}

bool IndexReducer::chooseStates(structural::DaeStructure &dae,
                                SymbolicDifferentiator &differentiator) {
  std::vector<int> priority = priorities();
  structural::StateSetAlternatives alternatives;
  if (options_.dynamicStateSelection) {
    alternatives = structural::enumerateStateSets(dae, priority, options_.stateSets);
    if (alternatives.status == structural::StateSetStatusKind::TooMany &&
        options_.selectionMatrices && useSelectionMatrices(dae, differentiator, priority)) {
      alternatives = {};
      alternatives.selections.push_back(structural::selectDummyDerivatives(dae, priority));
    }
  } else {
    alternatives.selections.push_back(structural::selectDummyDerivatives(dae, priority));
  }
  const structural::DummyDerivativeResult &first = alternatives.selections[0];
  if (first.status != structural::DummyDerivativeStatusKind::Success) {
    diags_.report(diag::NoStatesCanBeChosen, model_.loc);
    for (size_t i = 0; i < first.deficientEquations.size() && i < 12; ++i) {
      const flat::Equation &eq = system_.equations[first.deficientEquations[i]];
      diags_.report(diag::NoteEquationText, eq.loc, {equationText(eq)});
    }
    return false;
  }
  system_.choiceStatus = alternatives.status;
  system_.countedChoices = alternatives.counted;
  for (size_t k = 0; k < alternatives.selections.size(); ++k)
    system_.choices.push_back(toChoice(alternatives.selections[k],
                                       k < alternatives.pivotBlocks.size()
                                           ? alternatives.pivotBlocks[k]
                                           : std::vector<structural::SelectionBlock>{}));
  for (size_t l = 0; l < system_.variables.size(); ++l) {
    VarId v = system_.variables[l];
    bool always = stateSelectOf(v) == flat::StateSelectKind::Always;
    if (always && !model_.var(v).derivativeOf.valid() &&
        !std::binary_search(first.states.begin(), first.states.end(), static_cast<int>(l)))
      system_.unhonouredAlways.push_back(v);
  }
  warnAboutChoices();
  return true;
}

void IndexReducer::warnAboutChoices() {
  if (!options_.reportStateChoices)
    return;
  for (VarId v : system_.unhonouredAlways)
    diags_.report(diag::StateSelectAlwaysNotState, model_.var(v).loc,
                  {model_.nameOf(v), describeStates(model_, system_.choices[0])});
  if (system_.choiceStatus == structural::StateSetStatusKind::TooMany)
    diags_.report(diag::DynamicStateSelectionNotAttempted, model_.loc,
                  {system_.countedChoices, describeStates(model_, system_.choices[0])});

}

} // namespace

std::optional<ReducedSystem> reduceIndex(flat::FlatModel &model, Diagnostics &diags,
                                         const ReductionOptions &options) {
  return IndexReducer(model, diags, options).run();
}

std::vector<flat::Equation> takeHomotopyOut(flat::FlatModel &model) {
  VarId lambda;
  for (uint32_t i = 0; i < model.size() && !lambda.valid(); ++i)
    if (model.variables[i].special == flat::SpecialKind::Homotopy)
      lambda = VarId{i};
  if (!lambda.valid())
    return {};
  std::vector<flat::Equation> blended = model.equations;
  auto one = [&](VarId v) -> std::optional<ExprId> {
    return v == lambda ? std::optional<ExprId>(model.pool.one()) : std::nullopt;
  };
  for (flat::Equation &eq : model.equations) {
    eq.lhs = sym::substitute(model.pool, eq.lhs, one);
    eq.rhs = sym::substitute(model.pool, eq.rhs, one);
  }
  return blended;
}


} // namespace mocc::causalize
