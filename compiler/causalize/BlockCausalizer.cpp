// Implementation of block planning: explicit solutions, tearing of loops,
// and the dependency propagation that gives a kernel's Jacobian pattern.
#include "compiler/causalize/BlockCausalizer.h"

#include "compiler/structural/Coloring.h"
#include "compiler/structural/Tearing.h"
#include "compiler/symbolic/Solve.h"

#include <algorithm>

namespace mocc::causalize {

using plan::KernelStep;
using sym::ExprId;
using sym::VarId;

ExprId residualOf(sym::ExprPool &pool, const flat::Equation &eq) {
  return pool.sub(eq.lhs, eq.rhs);
}

namespace {

/// Whether a coefficient is zero in some branch of its if-expressions: the
/// variable is missing from a branch of the equation (`a = if locked then 0
/// else sa`, the friction of Rotational.Components.BearingFriction). There
/// the equation does not determine it, and dividing by the coefficient
/// gives NaN; as OpenModelica solves such an equation branch by branch and
/// leaves it to a nonlinear solver when a branch lacks the variable, the
/// block then stays implicit (with a solver that keeps the guess where the
/// equation holds whatever the variable).
bool vanishesInSomeBranch(const sym::ExprPool &pool, ExprId coefficient) {
  if (pool.isConstant(coefficient, 0.0))
    return true;
  auto operands = pool.operands(coefficient);
  switch (pool.op(coefficient)) {
  case sym::OpKind::IfElse:
    return vanishesInSomeBranch(pool, operands[1]) || vanishesInSomeBranch(pool, operands[2]);
  case sym::OpKind::Neg:
  case sym::OpKind::NoEvent:
    return vanishesInSomeBranch(pool, operands[0]);
  case sym::OpKind::Mul:
    return vanishesInSomeBranch(pool, operands[0]) || vanishesInSomeBranch(pool, operands[1]);
  case sym::OpKind::Div:
    return vanishesInSomeBranch(pool, operands[0]);
  default:
    return false;
  }
}

/// The solution of eq for var when it is explicit (linear in var, with a
/// coefficient that no branch makes zero).
/// The general path: linear forms of the residual and of both sides.
std::optional<ExprId> solveAnyForm(sym::ExprPool &pool, const flat::Equation &eq, VarId var) {
  auto form = sym::linearForm(pool, residualOf(pool, eq), var);
  if (!form || vanishesInSomeBranch(pool, form->coefficient))
    return std::nullopt;
  auto solution = sym::solveLinear(pool, eq.lhs, eq.rhs, var);
  if (!solution || sym::contains(pool, *solution, var))
    return std::nullopt;
  return solution;
}

/// An explicit equation c * x = f with f free of x (every explicit ODE
/// `C * der(x) = f`, the for-equations of a grid): the linear form of the
/// small side only, one walk of f instead of five (linearForm of the
/// residual and of f, the solution's contains), with the nodes of the
/// general path: its coefficient c - 0 and its solution (f - rest) / (c - 0).
/// Nothing when the equation is not of that shape.
std::optional<std::optional<ExprId>> solveExplicitSide(sym::ExprPool &pool, const flat::Equation &eq,
                                                       VarId var) {
  if (!sym::contains(pool, eq.lhs, var) || sym::contains(pool, eq.rhs, var))
    return std::nullopt;
  auto l = sym::linearForm(pool, eq.lhs, var);
  if (!l)
    return std::optional<ExprId>{};
  ExprId coefficient = pool.sub(l->coefficient, pool.zero());
  if (vanishesInSomeBranch(pool, coefficient))
    return std::optional<ExprId>{};
  if (sym::contains(pool, coefficient, var) || sym::contains(pool, l->rest, var))
    return std::nullopt;
  return std::optional<ExprId>{pool.div(pool.sub(eq.rhs, l->rest), coefficient)};
}

/// An equation `o = p / q` (either side) with var in the divisor q alone,
/// q linear in it, and o and p free of it, as `R_m = 1 / G_m` of the MSL's
/// magnetic leakage: solved as o * q = p, which is linear in var and has
/// the same solutions (the original needs q <> 0). A Newton iteration on
/// the residual o - p / q from the start value 0 of var divides by zero.
/// OpenModelica's ExpressionSolve rewrites such a quotient the same way.
std::optional<ExprId> solveReciprocal(sym::ExprPool &pool, const flat::Equation &eq, VarId var) {
  bool inLhs = sym::contains(pool, eq.lhs, var);
  ExprId side = inLhs ? eq.lhs : eq.rhs, other = inLhs ? eq.rhs : eq.lhs;
  if (pool.op(side) != sym::OpKind::Div || sym::contains(pool, other, var))
    return std::nullopt;
  ExprId p = pool.operand(side, 0), q = pool.operand(side, 1);
  if (sym::contains(pool, p, var) || !sym::contains(pool, q, var))
    return std::nullopt;
  flat::Equation product = eq;
  product.lhs = pool.mul(other, q);
  product.rhs = p;
  return solveAnyForm(pool, product, var);
}

/// The solution of eq for var when it is explicit (linear in var, with a
/// coefficient that no branch makes zero), or a quotient with var in the
/// divisor (solveReciprocal).
std::optional<ExprId> explicitSolution(sym::ExprPool &pool, const flat::Equation &eq, VarId var) {
  if (auto fast = solveExplicitSide(pool, eq, var)) {
    if (*fast)
      return *fast;
  } else if (auto solution = solveAnyForm(pool, eq, var)) {
    return solution;
  }
  return solveReciprocal(pool, eq, var);
}

} // namespace

plan::SparsityPattern makePattern(const std::vector<std::vector<int>> &rows, int numColumns) {
  plan::SparsityPattern p;
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

namespace {

/// The values that follow from known slots (KnownSlots, and the slots
/// assigned such values before) in the expressions of one kernel, per node,
/// computed once per node. A node whose value is known has a zero
/// derivative with respect to every unknown.
class KnownValues {
public:
  KnownValues(const sym::ExprPool &pool, const KnownSlots *known) : pool_(pool), known_(known) {
    if (state_.size() < pool.size()) {
      state_.resize(pool.size(), 0);
      value_.resize(pool.size(), 0.0);
    }
  }
  ~KnownValues() {
    for (uint32_t node : touched_)
      state_[node] = 0;
    for (uint32_t slot : assignedSlots_)
      assigned_[slot] = 0;
  }

  /// The value of a node, if known.
  std::optional<double> of(ExprId root) {
    if (!known_)
      return std::nullopt;
    if (state_[root.index] == 0) {
      stack_.assign(1, {root, false});
      while (!stack_.empty()) {
        auto [id, expanded] = stack_.back();
        stack_.pop_back();
        if (state_[id.index] != 0)
          continue;
        if (!expanded) {
          stack_.push_back({id, true});
          for (ExprId operand : pool_.operands(id))
            if (state_[operand.index] == 0)
              stack_.push_back({operand, false});
          continue;
        }
        touched_.push_back(id.index);
        std::optional<double> v = combine(id);
        state_[id.index] = v ? 2 : 1;
        if (v)
          value_[id.index] = *v;
      }
    }
    if (state_[root.index] == 2)
      return value_[root.index];
    return std::nullopt;
  }

  /// An expression whose known value decided what is known.
  void decided(ExprId id) const { known_->decisions.push_back(id); }

  /// A slot assigned a known value (read by later steps only).
  void assign(uint32_t slot, double value) {
    if (slot >= assigned_.size()) {
      assigned_.resize(slot + 1, 0);
      assignedValue_.resize(slot + 1, 0.0);
    }
    assigned_[slot] = 1;
    assignedValue_[slot] = value;
    assignedSlots_.push_back(slot);
  }

private:
  std::optional<double> known(ExprId id) const {
    if (state_[id.index] == 2)
      return value_[id.index];
    return std::nullopt;
  }
  std::optional<double> combine(ExprId id) {
    const sym::Node &node = pool_.node(id);
    auto operands = pool_.operands(id);
    switch (node.op) {
    case sym::OpKind::Constant:
      return node.payload.value;
    case sym::OpKind::Variable: {
      uint32_t slot = node.payload.index;
      if (slot < assigned_.size() && assigned_[slot])
        return assignedValue_[slot];
      if (known_->has(slot))
        return known_->value[slot];
      return std::nullopt;
    }
    case sym::OpKind::Time:
    case sym::OpKind::Call:
    case sym::OpKind::Output:
    case sym::OpKind::Load:
      return std::nullopt;
    case sym::OpKind::IfElse: {
      auto condition = known(operands[0]);
      if (!condition)
        return std::nullopt;
      decided(operands[0]);
      return known(operands[*condition != 0.0 ? 1 : 2]);
    }
    case sym::OpKind::Mul:
    case sym::OpKind::And:
      for (int k = 0; k < 2; ++k)
        if (known(operands[k]) == 0.0) {
          decided(operands[k]);
          return 0.0;
        }
      break;
    case sym::OpKind::Div:
      if (known(operands[0]) == 0.0) {
        decided(operands[0]);
        return 0.0;
      }
      break;
    default:
      break;
    }
    double args[2];
    if (operands.size() > 2)
      return std::nullopt;
    for (size_t i = 0; i < operands.size(); ++i) {
      auto v = known(operands[i]);
      if (!v)
        return std::nullopt;
      args[i] = *v;
    }
    return sym::evaluateOp(node.op, std::span<const double>(args, operands.size()),
                           node.payload.index);
  }

  const sym::ExprPool &pool_;
  const KnownSlots *known_;
  std::vector<std::pair<ExprId, bool>> stack_;
  std::vector<uint32_t> touched_;
  std::vector<uint32_t> assignedSlots_;
  // Kept from call to call, reset entry by entry (see residualPattern).
  static thread_local std::vector<uint8_t> state_; // per node: 0 not yet, 1 varies, 2 known
  static thread_local std::vector<double> value_;
  static thread_local std::vector<uint8_t> assigned_; // per slot: assigned a known value
  static thread_local std::vector<double> assignedValue_;
};

thread_local std::vector<uint8_t> KnownValues::state_;
thread_local std::vector<double> KnownValues::value_;
thread_local std::vector<uint8_t> KnownValues::assigned_;
thread_local std::vector<double> KnownValues::assignedValue_;

} // namespace

plan::SparsityPattern residualPattern(const sym::ExprPool &pool, std::span<const KernelStep> steps,
                                    const std::unordered_map<uint32_t, int> &columnOf,
                                    int numColumns, const KnownSlots *known) {
  // Per slot: its column, or the columns an assignment made it depend on
  // (arrays indexed by slot: one hash lookup per variable node cost more
  // than all the rest on big models).
  // The arrays are kept from call to call and only the entries a call sets
  // are reset: the initialization makes one small pattern per system, and
  // arrays of all slots per call made that quadratic in the model size.
  uint32_t numSlots = 0;
  for (const auto &[slot, column] : columnOf)
    numSlots = std::max(numSlots, slot + 1);
  for (const KernelStep &step : steps)
    if (step.kind == KernelStep::Kind::Assign)
      numSlots = std::max(numSlots, step.target.index + 1);
  thread_local std::vector<int> column;   // per slot: its column, or -1
  thread_local std::vector<int> depIndex; // per slot: its entry in deps, or -1
  thread_local std::vector<uint32_t> visited; // per node: the traversal that met it
  thread_local uint32_t traversal = 0;
  if (column.size() < numSlots) {
    column.resize(numSlots, -1);
    depIndex.resize(numSlots, -1);
  }
  if (visited.size() < pool.size())
    visited.resize(pool.size(), 0);
  std::vector<uint32_t> touched;
  for (const auto &[slot, c] : columnOf) {
    column[slot] = c;
    touched.push_back(slot);
  }
  KnownValues values(pool, known);
  std::vector<std::vector<int>> deps; // of assigned slots
  std::vector<std::vector<int>> rows;
  std::vector<ExprId> stack;
  auto dependencies = [&](ExprId expr) {
    std::vector<int> result;
    if (++traversal == 0) { // wrapped: forget every mark
      std::fill(visited.begin(), visited.end(), 0);
      traversal = 1;
    }
    stack.assign(1, expr);
    while (!stack.empty()) {
      ExprId id = stack.back();
      stack.pop_back();
      if (visited[id.index] == traversal)
        continue;
      visited[id.index] = traversal;
      if (values.of(id)) // constant whatever the unknowns
        continue;
      const sym::Node &node = pool.node(id);
      auto operands = pool.operands(id);
      if (node.op == sym::OpKind::IfElse) {
        if (auto condition = values.of(operands[0])) {
          values.decided(operands[0]);
          stack.push_back(operands[*condition != 0.0 ? 1 : 2]);
          continue;
        }
      }
      if (node.op != sym::OpKind::Variable) {
        stack.insert(stack.end(), operands.begin(), operands.end());
        continue;
      }
      uint32_t slot = node.payload.index;
      if (slot >= numSlots)
        continue;
      if (column[slot] >= 0)
        result.push_back(column[slot]);
      else if (depIndex[slot] >= 0) {
        const auto &d = deps[static_cast<size_t>(depIndex[slot])];
        result.insert(result.end(), d.begin(), d.end());
      }
    }
    std::sort(result.begin(), result.end());
    result.erase(std::unique(result.begin(), result.end()), result.end());
    return result;
  };
  for (const KernelStep &step : steps) {
    if (step.kind == KernelStep::Kind::Assign) {
      auto d = dependencies(step.expr);
      if (auto v = values.of(step.expr); v && column[step.target.index] < 0) {
        values.assign(step.target.index, *v);
        known->assigned.emplace_back(step.target.index, step.expr);
      }
      if (depIndex[step.target.index] < 0) {
        depIndex[step.target.index] = static_cast<int>(deps.size());
        deps.push_back(std::move(d));
        touched.push_back(step.target.index);
      } else {
        deps[static_cast<size_t>(depIndex[step.target.index])] = std::move(d);
      }
    } else {
      rows.push_back(dependencies(step.expr));
    }
  }
  for (uint32_t slot : touched) {
    column[slot] = -1;
    depIndex[slot] = -1;
  }
  return makePattern(rows, numColumns);
}

/// `step`, with the location of the equation it comes from. An assignment
/// x := x.start of a fixed start value takes the run's override of it
/// (KernelStep::overrideSlot; originIndex names the variable whose start
/// value it is).
static KernelStep located(KernelStep step, const flat::Equation &equation,
                          const sym::ExprPool &pool) {
  step.loc = equation.loc;
  if (step.kind == KernelStep::Kind::Assign &&
      equation.origin == flat::EquationOriginKind::FixedStart && step.expr == equation.rhs &&
      pool.variableOf(equation.lhs) == step.target)
    step.overrideSlot = static_cast<int32_t>(equation.originIndex);
  return step;
}

BlockCausalizer::BlockCausalizer(flat::FlatModel &model, const EquationSystem &system,
                                 std::vector<char> isParameter)
    : model_(model), pool_(model.pool), system_(system), isParameter_(std::move(isParameter)),
      parameterValues_(model) {}

BlockPlan BlockCausalizer::plan(std::span<const int> eqs, std::span<const int> vars,
                                std::span<const char> isForced) {
  if (eqs.size() == 1)
    return planSingle(eqs[0], vars[0], isForced[vars[0]] != 0);
  if (eqs.size() > maxTornLargeLoopSize)
    return planWhole(eqs, vars, isForced);
  structural::TearingResult torn = tearLoop(eqs, vars, isForced);
  if (eqs.size() > maxTornLoopSize && torn.tearVariables.size() > maxTearingVariablesOfLargeLoop)
    return planWhole(eqs, vars, isForced); // decided before any assignment is solved
  return planLoop(eqs, vars, torn);
}

BlockPlan BlockCausalizer::planWhole(std::span<const int> eqs, std::span<const int> vars,
                                     std::span<const char> isForced) {
  // The residuals in the order of the block's columns (the forced unknowns
  // first, then the others; see PlanBuilder::addColumns), so that the
  // diagonal of the Jacobian is the block's matching: structurally nonzero,
  // where the sparse LU's fill-reducing orderings, which permute rows and
  // columns alike, look for their pivots.
  BlockPlan plan;
  for (bool forced : {true, false})
    for (size_t i = 0; i < eqs.size(); ++i)
      if ((isForced[vars[i]] != 0) == forced)
        plan.steps.push_back(
            located({KernelStep::Kind::Residual, {}, residualOf(pool_, system_.equations[eqs[i]])},
                    system_.equations[eqs[i]], pool_));
  for (int var : vars)
    if (!isForced[var])
      plan.iterationVariables.push_back(system_.unknowns[var]);
  return plan;
}

BlockPlan BlockCausalizer::planSingle(int eq, int var, bool forced) {
  BlockPlan plan;
  VarId v = system_.unknowns[var];
  const flat::Equation &equation = system_.equations[eq];
  auto solution = solve(equation, v);
  if (solution && !forced) {
    if (zeroSolves_)
      recordZeroSolve(equation, v, *solution);
    plan.steps.push_back(located({KernelStep::Kind::Assign, v, *solution}, equation, pool_));
    return plan;
  }
  // der(x) = f stays a residual, in solved form when it can.
  ExprId residual = solution ? pool_.sub(pool_.variable(v), *solution) : residualOf(pool_, equation);
  plan.steps.push_back(located({KernelStep::Kind::Residual, {}, residual}, equation, pool_));
  if (!forced)
    plan.iterationVariables.push_back(v);
  return plan;
}

std::optional<ExprId> BlockCausalizer::solve(const flat::Equation &equation, VarId var) {
  if (!solutions_)
    return explicitSolution(pool_, equation, var);
  if (auto known = solutions_->find(equation.lhs, equation.rhs, var)) {
    if (!known->valid())
      return std::nullopt;
    return *known;
  }
  auto solution = explicitSolution(pool_, equation, var);
  solutions_->add(equation.lhs, equation.rhs, var, solution ? *solution : ExprId{});
  return solution;
}

/// An explicit solution (f - rest) / c whose divisor c parameter values
/// make 0: the factors that make it 0, in the products of `var` in the
/// equation (`ird * R` with R = 0), go to zeroSolves_.
void BlockCausalizer::recordZeroSolve(const flat::Equation &equation, VarId var, ExprId solution) {
  if (pool_.op(solution) != sym::OpKind::Div)
    return;
  ExprId divisor = pool_.operand(solution, 1);
  // Most divisors are shared (a grid's capacity): each is rated once.
  auto [known, inserted] = zeroDivisor_.try_emplace(divisor.index, false);
  if (!inserted && !known->second)
    return;
  auto parametric = [&](ExprId e) {
    bool only = true;
    ExprId roots[] = {e};
    sym::forEachNode(pool_, roots, [&](ExprId id) {
      sym::OpKind op = pool_.op(id);
      VarId v = pool_.variableOf(id);
      if (op == sym::OpKind::Time || (v.valid() && (v.index >= isParameter_.size() || !isParameter_[v.index])))
        only = false;
    });
    return only;
  };
  if (inserted)
    known->second = parametric(divisor) && parameterValues_(divisor) == 0.0;
  if (!known->second)
    return;
  ExprId roots[] = {equation.lhs, equation.rhs};
  sym::forEachNode(pool_, roots, [&](ExprId id) {
    if (pool_.op(id) != sym::OpKind::Mul)
      return;
    auto ops = pool_.operands(id);
    for (int side = 0; side < 2; ++side)
      if (sym::contains(pool_, ops[1 - side], var) && parametric(ops[side]) &&
          parameterValues_(ops[side]) == 0.0) {
        zeroSolves_->push_back(ops[side]);
        return;
      }
  });
}

bool BlockCausalizer::isSafelySolvable(int eq, VarId var) {
  // Linear in var, with a coefficient that is a nonzero constant or made of
  // parameters only.
  const flat::Equation &equation = system_.equations[eq];
  auto form = sym::linearForm(pool_, residualOf(pool_, equation), var);
  if (!form)
    return false;
  if (auto c = pool_.constantValue(form->coefficient))
    return *c != 0.0;
  // `if initial() then 0 else 1`: the equation does not determine var in
  // that branch (an if-equation whose branches pair other unknowns).
  if (vanishesInSomeBranch(pool_, form->coefficient))
    return false;
  bool parametric = true;
  ExprId roots[] = {form->coefficient};
  sym::forEachNode(pool_, roots, [&](ExprId id) {
    sym::OpKind op = pool_.op(id);
    VarId v = pool_.variableOf(id);
    if (op == sym::OpKind::Time || op == sym::OpKind::Call || (v.valid() && !isParameter_[v.index]))
      parametric = false;
  });
  if (!parametric)
    return false;
  // A parameter coefficient is safe only if it is not zero: a joint axis
  // e = {0, 0, 1} makes e[1] * x = ... unsolvable for x.
  // Only a coefficient found 0 is a decision an override may undo: one
  // found nonzero is divided by, and a run that makes it 0 stops on the
  // value that is not finite.
  auto value = parameterValues_(form->coefficient);
  if (value && *value == 0.0 && decisions_)
    decisions_->push_back(form->coefficient);
  return !value || *value != 0.0;
}

structural::TearingResult BlockCausalizer::tearLoop(std::span<const int> eqs,
                                                   std::span<const int> vars,
                                                   std::span<const char> isForced) {
  // Step 1: the block as a graph of its own (block-local ids).
  std::unordered_map<int, int> localVar;
  for (size_t k = 0; k < vars.size(); ++k)
    localVar[vars[k]] = static_cast<int>(k);
  std::vector<std::vector<int>> rows(eqs.size());
  for (size_t i = 0; i < eqs.size(); ++i) {
    for (int var : system_.graph.variables(eqs[i]))
      if (auto it = localVar.find(var); it != localVar.end())
        rows[i].push_back(it->second);
    std::sort(rows[i].begin(), rows[i].end());
  }
  auto graph = structural::BipartiteGraph::fromRows(static_cast<int>(vars.size()), rows);
  std::vector<char> solvable, forced(vars.size()), preferred;
  for (size_t i = 0; i < eqs.size(); ++i)
    for (int local : rows[i])
      solvable.push_back(!isForced[vars[local]] &&
                         isSafelySolvable(eqs[i], system_.unknowns[vars[local]]));
  for (size_t k = 0; k < vars.size(); ++k)
    forced[k] = isForced[vars[k]];
  if (!preferred_.empty())
    for (int var : vars)
      preferred.push_back(preferred_[system_.unknowns[var].index]);
  // Step 2: tear.
  return structural::tearBlock(graph, solvable, forced, preferred);
}

BlockPlan BlockCausalizer::planLoop(std::span<const int> eqs, std::span<const int> vars,
                                    const structural::TearingResult &torn) {
  // Step 3: the assignments and the residuals.
  BlockPlan plan;
  plan.torn = true;
  for (auto [e, local] : torn.assignments) {
    VarId v = system_.unknowns[vars[local]];
    auto solution = sym::solveLinear(pool_, system_.equations[eqs[e]].lhs,
                                     system_.equations[eqs[e]].rhs, v);
    plan.steps.push_back(
        located({KernelStep::Kind::Assign, v, *solution}, system_.equations[eqs[e]], pool_));
  }
  for (int e : torn.residualEquations)
    plan.steps.push_back(
        located({KernelStep::Kind::Residual, {}, residualOf(pool_, system_.equations[eqs[e]])},
                    system_.equations[eqs[e]], pool_));
  for (int local : torn.tearVariables)
    plan.iterationVariables.push_back(system_.unknowns[vars[local]]);
  return plan;
}

} // namespace mocc::causalize
