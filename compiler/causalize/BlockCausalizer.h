// Turning one block of a BLT ordering into kernel steps. A block of one
// equation that is linear in its unknown becomes an assignment. A larger
// block (an algebraic loop) is torn (compiler/structural/Tearing.h): its
// tearing variables are the only unknowns left to a solver (IDA's vector in
// simulation, KINSOL in initialization), every other variable of the block
// is assigned in the kernel from an equation solved for it, and the
// equations left over are the residuals. An equation is used for an
// assignment inside a loop only if it is linear in the variable with a
// coefficient that cannot vanish at run time (a nonzero constant or an
// expression of parameters); a single equation is solved whenever it is
// linear. Loops larger than maxTornLoopSize stay whole unless tearing leaves
// few tearing variables (see maxTornLargeLoopSize): their unknowns go to
// the solver, which factors them sparsely. Tearing a large sparse loop
// makes its residuals depend on everything that flows into it (a dense
// Schur complement, and a quadratic cost to find its pattern), and long
// chains of explicit assignments can amplify errors.
#pragma once

#include "compiler/causalize/EquationSystem.h"
#include "compiler/causalize/ParameterValues.h"
#include "compiler/flat/FlatModel.h"
#include "compiler/plan/Plan.h"
#include "compiler/structural/Tearing.h"

#include <algorithm>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace mocc::causalize {

/// Loops of up to maxTornLoopSize unknowns are torn. A larger one, up to
/// maxTornLargeLoopSize, is torn too if that leaves at most
/// maxTearingVariablesOfLargeLoop tearing variables, and stays whole in the
/// solver otherwise (a sparse LU is made for a large sparse loop; tearing
/// one into many tearing variables makes their residuals a dense Schur
/// complement). OpenModelica tears nonlinear loops of up to 10,000
/// unknowns (`--maxSizeNonlinearTearing`) and solves larger linear ones
/// with a sparse linear solver inside the step; mocc has no such inner
/// solver and left them to IDA's Newton, where the 273-unknown
/// acceleration loop of ModelicaTest's RevolutePlanarLoopConstraint (8
/// tearing variables) failed to converge a hundred times per run.
inline constexpr size_t maxTornLoopSize = 200;
inline constexpr size_t maxTornLargeLoopSize = 10000;
inline constexpr size_t maxTearingVariablesOfLargeLoop = 32;

/// How one block is computed.
struct BlockPlan {
  /// Assignments in evaluation order, then the residuals.
  std::vector<plan::KernelStep> steps;
  /// The unknowns left to the solver (tearing variables), in order; forced
  /// variables are not listed.
  std::vector<sym::VarId> iterationVariables;
  /// Whether the block is a loop that was torn (more than one equation).
  bool torn = false;
};

/// The explicit solutions of equations for unknowns (`lhs = rhs` solved for
/// `var`, or an invalid id where it is not explicit), shared by the
/// causalizers of simulation and initialization, which solve most
/// equations for the same unknown (a der(x) of an explicit ODE in both):
/// each is found once. The solution is a function of the three ids alone,
/// so a hit gives what solving again would (design-log D10).
class SolutionCache {
public:
  std::optional<sym::ExprId> find(sym::ExprId lhs, sym::ExprId rhs, sym::VarId var) const {
    if (entries_.empty())
      return std::nullopt;
    for (size_t i = slotOf(lhs.index, rhs.index, var.index);; i = (i + 1) & mask()) {
      const Entry &e = entries_[i];
      if (e.lhs == kEmpty)
        return std::nullopt;
      if (e.lhs == lhs.index && e.rhs == rhs.index && e.var == var.index)
        return sym::ExprId{e.solution};
    }
  }
  void add(sym::ExprId lhs, sym::ExprId rhs, sym::VarId var, sym::ExprId solution) {
    if (2 * (size_ + 1) > entries_.size())
      grow();
    for (size_t i = slotOf(lhs.index, rhs.index, var.index);; i = (i + 1) & mask()) {
      Entry &e = entries_[i];
      if (e.lhs == kEmpty) {
        e = {lhs.index, rhs.index, var.index, solution.index};
        ++size_;
        return;
      }
      if (e.lhs == lhs.index && e.rhs == rhs.index && e.var == var.index)
        return; // the first solution stays
    }
  }

private:
  // Open addressing with linear probing, at most half full: one cache line
  // per lookup, where a node-based map of millions of entries (a grid's
  // equations, each solved for simulation and again for initialization)
  // missed the cache twice per lookup and rehashed its nodes as it grew.
  static constexpr uint32_t kEmpty = UINT32_MAX;
  struct Entry {
    uint32_t lhs = kEmpty, rhs = 0, var = 0, solution = 0;
  };
  size_t mask() const { return entries_.size() - 1; }
  size_t slotOf(uint32_t lhs, uint32_t rhs, uint32_t var) const {
    uint64_t h = (uint64_t{lhs} << 32 | rhs) * 0x9E3779B97F4A7C15ull;
    h = (h ^ (h >> 29) ^ var) * 0xBF58476D1CE4E5B9ull;
    return static_cast<size_t>(h ^ (h >> 32)) & mask();
  }
  void grow() {
    std::vector<Entry> old = std::move(entries_);
    entries_.assign(std::max<size_t>(64, old.size() * 2), Entry{});
    size_ = 0;
    for (const Entry &e : old)
      if (e.lhs != kEmpty)
        add(sym::ExprId{e.lhs}, sym::ExprId{e.rhs}, sym::VarId{e.var}, sym::ExprId{e.solution});
  }
  std::vector<Entry> entries_;
  size_t size_ = 0;
};

/// Plans the blocks of one equation system.
class BlockCausalizer {
public:
  /// `isParameter[v]` (per model variable) says which variables are known
  /// before the system is solved and constant while it is.
  BlockCausalizer(flat::FlatModel &model, const EquationSystem &system,
                  std::vector<char> isParameter);

  /// Plans the block of `system` with equations `eqs` and unknowns `vars`
  /// (local indices; vars[i] is the unknown eqs[i] was matched to). Unknowns
  /// with `isForced[local] != 0` are given by the solver (IDA's derivatives):
  /// never assigned, always residual unknowns.
  BlockPlan plan(std::span<const int> eqs, std::span<const int> vars,
                 std::span<const char> isForced);

  /// Per model variable: torn before the others when a loop must be torn
  /// (structural::tearBlock's isPreferred). Initialization prefers the
  /// variables with a start value.
  void preferForTearing(std::vector<char> preferred) { preferred_ = std::move(preferred); }

  /// Where to record the parameter coefficients whose values decided that
  /// an equation can be solved for a variable (divided by); may be null.
  void recordDecisionsIn(std::vector<sym::ExprId> *decisions) { decisions_ = decisions; }
  /// Where to record the factors that parameter values make 0 in the
  /// products of an unknown that an explicit solution divides by (its
  /// coefficient is 0: the run would divide by zero); may be null.
  void recordZeroSolvesIn(std::vector<sym::ExprId> *factors) { zeroSolves_ = factors; }
  /// Shares the explicit solutions with other causalizers of the model;
  /// may be null.
  void shareSolutionsIn(SolutionCache *cache) { solutions_ = cache; }

private:
  BlockPlan planSingle(int eq, int var, bool forced);
  /// Tears a loop (block-local ids in the result).
  structural::TearingResult tearLoop(std::span<const int> eqs, std::span<const int> vars,
                                     std::span<const char> isForced);
  /// The torn loop's assignments and residuals.
  BlockPlan planLoop(std::span<const int> eqs, std::span<const int> vars,
                     const structural::TearingResult &torn);
  BlockPlan planWhole(std::span<const int> eqs, std::span<const int> vars,
                      std::span<const char> isForced);
  bool isSafelySolvable(int eq, sym::VarId var);
  std::optional<sym::ExprId> solve(const flat::Equation &equation, sym::VarId var);
  void recordZeroSolve(const flat::Equation &equation, sym::VarId var, sym::ExprId solution);

  flat::FlatModel &model_;
  sym::ExprPool &pool_;
  const EquationSystem &system_;
  std::vector<char> isParameter_;
  std::vector<char> preferred_;
  ParameterValues parameterValues_;
  std::vector<sym::ExprId> *decisions_ = nullptr;
  std::vector<sym::ExprId> *zeroSolves_ = nullptr;
  std::unordered_map<uint32_t, bool> zeroDivisor_; ///< recordZeroSolve's, by node
  SolutionCache *solutions_ = nullptr;
};

/// The CSC pattern of a matrix given by its rows (sorted column lists;
/// rowIdx are row numbers, size is numColumns), with a column coloring
/// for compressed evaluation (structural/Coloring.h).
plan::SparsityPattern makePattern(const std::vector<std::vector<int>> &rows, int numColumns);

/// The residual expression lhs - rhs of an equation.
sym::ExprId residualOf(sym::ExprPool &pool, const flat::Equation &eq);

/// Slots whose values are known at translation and never change at run
/// time (parameters bound to constant expressions: mocc has no way to set
/// them otherwise), by slot; empty when nothing is known.
struct KnownSlots {
  std::vector<uint8_t> known;
  std::vector<double> value;

  bool has(uint32_t slot) const { return slot < known.size() && known[slot] != 0; }

  /// Filled by residualPattern: the expressions whose values decided that
  /// an entry is left out (a factor known to be 0, a known condition of an
  /// `if`), and the slots an assignment set to a known value (with the
  /// expression), so that the parameters these values come from are known
  /// (an override of one would change the pattern).
  mutable std::vector<sym::ExprId> decisions;
  mutable std::vector<std::pair<uint32_t, sym::ExprId>> assigned;
};

/// The Jacobian pattern of a kernel's residuals with respect to the solver's
/// unknowns: `columnOf` maps the slot of each unknown (and of each
/// derivative, for IDA) to its column; dependencies propagate through the
/// kernel's assignments. The columns are colored for compressed evaluation.
///
/// With `known`, an entry whose derivative is zero whatever the unknowns
/// is left out: a subexpression whose value follows from known slots and
/// constants (a product with a factor known to be 0, `if` with a known
/// condition: the branch taken) contributes no dependencies, and a slot
/// that an assignment sets to such a value is known in turn. A MultiBody
/// chain's rotation matrices about a fixed axis have entries that are
/// identically 0 or 1, and through them most of the structural entries.
plan::SparsityPattern residualPattern(const sym::ExprPool &pool,
                                    std::span<const plan::KernelStep> steps,
                                    const std::unordered_map<uint32_t, int> &columnOf,
                                    int numColumns, const KnownSlots *known = nullptr);

} // namespace mocc::causalize
