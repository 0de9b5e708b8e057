// State selection by the dummy derivative method (S. E. Mattsson and G.
// Söderlind, "Index reduction in differential-algebraic equations using dummy
// derivatives", SIAM J. Sci. Comput. 14(3), 1993). After Pantelides' algorithm
// every differentiated equation is kept together with its derivatives; to
// keep the system square, as many derivatives as there are differentiated
// equations become algebraic "dummy" variables, and the variables whose
// derivative stays a true derivative are the states. Level by level, from the
// highest differentiation order down, the method picks a nonsingular square
// block of the Jacobian of the differentiated equations with respect to the
// candidate derivatives. The numerical Jacobian is not known at compile time,
// so the choice is structural: a matching, steered by stateSelect priorities.
#pragma once

#include "compiler/structural/DaeStructure.h"

#include <compare>
#include <span>
#include <vector>

namespace mocc::structural {

/// Modelica's StateSelect, in increasing wish to be a state.
enum class StateSelectKind { Never, Avoid, Default, Prefer, Always };

/// The state priority of a StateSelect value: Never -2 ... Always 2.
constexpr int statePriority(StateSelectKind kind) {
  return static_cast<int>(kind) - static_cast<int>(StateSelectKind::Default);
}

/// How the selection ended.
enum class DummyDerivativeStatusKind {
  /// Every level had a structurally nonsingular square block.
  Success,
  /// Some level's differentiated equations are structurally rank deficient
  /// in the candidate derivatives (not the output of Pantelides' algorithm,
  /// or a structurally inconsistent differentiation).
  StructurallySingular,
};

/// The chosen dummy derivatives and states.
struct DummyDerivativeResult {
  /// How the selection ended.
  DummyDerivativeStatusKind status = DummyDerivativeStatusKind::Success;
  /// Derivatives that become algebraic variables, ascending.
  std::vector<int> dummyDerivatives;
  /// Variables whose derivative is not a dummy: the states, ascending.
  std::vector<int> states;
  /// Per variable, whether it is a dummy derivative.
  std::vector<char> isDummy;
  /// If singular: the equations of the deficient level left without a
  /// selected derivative.
  std::vector<int> deficientEquations;
};

/// Chooses dummy derivatives and states for the output of Pantelides'
/// algorithm. `statePriority[v]` says how much the caller wants `v` to be a
/// state (see statePriority(StateSelectKind); 0 is the default); variables
/// past the end of the span, such as derivatives added by Pantelides'
/// algorithm, take the priority of the variable they are the derivative of.
/// Among equal priorities, variables of lower differentiation order, then of
/// lower index, are kept as states. Within each level the selected set is
/// the best possible for this order (a greedy choice on the transversal
/// matroid): 'never'/'avoid' variables lose their state role first,
/// 'prefer'/'always' ones last. Deterministic.
DummyDerivativeResult
selectDummyDerivatives(const DaeStructure &dae,
                       std::span<const int> statePriority = {});

/// A square block of one level of a selection: equations of the level and
/// the derivatives selected as its dummies (both ascending). Its Jacobian
/// must be nonsingular for the selection to be valid at a point.
struct SelectionBlock {
  std::vector<int> equations;
  std::vector<int> columns;
  friend bool operator==(const SelectionBlock &,
                         const SelectionBlock &) = default;
  friend auto operator<=>(const SelectionBlock &,
                          const SelectionBlock &) = default;
};

/// Limits of the enumeration of alternative selections.
struct StateSetOptions {
  /// At most this many alternative selections in all.
  int maxAlternatives = 16;
  /// A connected block of one level with more candidate column sets than
  /// this is not enumerated.
  int maxSubsetsPerComponent = 256;
};

/// How the enumeration ended.
enum class StateSetStatusKind {
  /// One selection only: the static choice is the only one that honours the
  /// priorities (or the structure allows no other).
  Static,
  /// Several equally good selections; the numerical Jacobians decide at run
  /// time which one is valid (dynamic state selection).
  Dynamic,
  /// More alternatives than the limits allow: only the static choice.
  TooMany,
};

/// The alternative dummy-derivative selections of a DAE.
struct StateSetAlternatives {
  /// How the enumeration ended.
  StateSetStatusKind status = StateSetStatusKind::Static;
  /// The selections; the first is selectDummyDerivatives()'s.
  std::vector<DummyDerivativeResult> selections;
  /// Per selection, the blocks whose determinants rate it at a point: those
  /// of its level blocks that not every selection shares (shared blocks
  /// rate all selections alike). Empty unless Dynamic.
  std::vector<std::vector<SelectionBlock>> pivotBlocks;
  /// If TooMany: how many alternatives were counted before giving up.
  long counted = 0;
};

/// Enumerates every dummy-derivative selection that is as good as the
/// static one for the priorities (the same sorted list of priorities of the
/// variables that lose their state role; see selectDummyDerivatives). A
/// structural choice cannot see where a selection's Jacobian becomes
/// singular (the pendulum's x as state fails at y = 0); the alternatives
/// let the run time switch (S. E. Mattsson, H. Olsson and H. Elmqvist,
/// "Dynamic selection of states in Dymola", Modelica Workshop 2000). Level
/// by level, each connected block of the level's equations and candidates
/// is enumerated on its own and the blocks are combined; the next level
/// follows each combination. Deterministic.
StateSetAlternatives
enumerateStateSets(const DaeStructure &dae,
                   std::span<const int> statePriority = {},
                   const StateSetOptions &options = {});

/// A block of one level of the static selection whose choice of dummy
/// derivatives is not unique: `numDummies` of `columns` (the candidates of
/// the priority at which the choice is made) are dummies, besides every
/// one of `forced` (candidates of lower priority that the block takes
/// first), in many equally good ways. Dynamic state selection with a
/// selection matrix (Mattsson, Olsson and Elmqvist 2000) replaces the
/// choice by numDummies of the columns chosen at run time.
struct AmbiguousBlock {
  int level = 0;              ///< 1: the equations at their highest order
  std::vector<int> equations; ///< of the level, ascending
  std::vector<int> forced;    ///< ascending
  std::vector<int> columns;   ///< ascending
  int numDummies = 0;
};

/// The ambiguous blocks of the first level of the static selection
/// (selectDummyDerivatives') that has any: per level, the connected blocks
/// of its equations and candidates, without their square
/// Dulmage-Mendelsohn part (whose columns every selection takes), in
/// independent parts; a part is ambiguous if more than one choice of its
/// columns is as good as the static one for the priorities (or too many to
/// count, beyond options.maxSubsetsPerComponent). Empty if every choice is
/// unique. Deterministic.
std::vector<AmbiguousBlock> findAmbiguousBlocks(const DaeStructure &dae,
                                                std::span<const int> statePriority = {},
                                                const StateSetOptions &options = {});

} // namespace mocc::structural
