// Index reduction of the flat model: after alias elimination, Pantelides'
// algorithm (compiler/structural/Pantelides.h) finds which equations must be
// differentiated and this file differentiates them symbolically with
// respect to time; the dummy-derivative method chooses the states
// (compiler/structural/DummyDerivatives.h), honouring stateSelect; where
// several choices are equally good, all of them are kept for dynamic state
// selection at run time. The result is an index-1 system: the model's
// equations, their derivatives, and one or more choices of states.
//
// Function calls are differentiated through a hook the caller passes in
// (CallDifferentiator); the default one calls the forward derivative of the
// function (functions/Derivative.h); where there is none, index reduction
// stops with an error naming the equation and the function.
#pragma once

#include "compiler/causalize/AliasElimination.h"
#include "compiler/causalize/EquationSystem.h"
#include "compiler/flat/FlatModel.h"
#include "compiler/structural/DummyDerivatives.h"
#include "compiler/support/Diagnostics.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mocc::causalize {

/// The time derivative of a function call output, or why there is none.
struct CallDerivative {
  sym::ExprId derivative; ///< invalid if there is none
  std::string error;      ///< why not, e.g. "the function `f` has no derivative"
};

/// Differentiates an Output node of `model.pool` with respect to time.
/// `timeDerivative` gives the time derivative of any expression (an
/// argument, say; invalid if it has none). The hook may add functions to
/// the model (a generated derivative function).
using CallDifferentiator = std::function<CallDerivative(
    flat::FlatModel &model, sym::ExprId output,
    const std::function<sym::ExprId(sym::ExprId)> &timeDerivative)>;

/// The default hook: the forward derivative of the called function
/// (functions/Derivative.h), added to the model's functions.
CallDerivative differentiateCalls(flat::FlatModel &model, sym::ExprId output,
                                  const std::function<sym::ExprId(sym::ExprId)> &timeDerivative);

/// A hook for which no call can be differentiated.
CallDerivative cannotDifferentiateCalls(flat::FlatModel &model, sym::ExprId output,
                                        const std::function<sym::ExprId(sym::ExprId)> &);

/// Options of index reduction.
struct ReductionOptions {
  /// Differentiates function calls (see CallDifferentiator).
  CallDifferentiator callDerivative = differentiateCalls;
  /// Whether to enumerate alternative state sets for dynamic selection.
  bool dynamicStateSelection = true;
  /// Limits of that enumeration.
  structural::StateSetOptions stateSets;
  /// Beyond those limits, whether to use selection matrices (see
  /// SelectionMatrix) instead of one static choice.
  bool selectionMatrices = true;
  /// Whether to warn about the choice of states: a stateSelect = always
  /// that is not honoured, or too many equally good choices to select
  /// among at run time. Facts about the library's models that a user cannot
  /// act on without editing the library: reported with -v only.
  bool reportStateChoices = false;
  /// Factors (parameter expressions whose value at translation is 0) whose
  /// products are taken out of the equations before the structural passes
  /// (IndexReducer::dropZeroProducts): those that a first causalization
  /// solved an unknown through, dividing by 0.
  std::vector<sym::ExprId> zeroFactors;
};

/// One choice of states of the reduced system.
struct StateChoice {
  /// The states, ascending VarId.
  std::vector<sym::VarId> states;
  /// The derivatives that became algebraic variables, ascending.
  std::vector<sym::VarId> dummyDerivatives;
  /// The blocks whose determinants rate this choice against the others
  /// (equations: indices into ReducedSystem::equations; columns: the
  /// dummy derivatives of the block). Empty for a static choice.
  std::vector<std::pair<std::vector<int>, std::vector<sym::VarId>>> pivotBlocks;
};

/// A state set of dynamic state selection with a selection matrix (S. E.
/// Mattsson, H. Olsson and H. Elmqvist, "Dynamic selection of states in
/// Dymola", Modelica Workshop 2000): where a block of the dummy-derivative
/// selection has many equally good choices, all of its candidate
/// derivatives `columns` become dummies and `numStates` new variables take
/// the states' place, s = A x for the variables x one differentiation below
/// the columns (and the derivatives of these equations up to the highest
/// order). A holds one 1 per row, in the column of the candidate that is a
/// state; the run time chooses the columns by pivoting the Jacobian of the
/// block's equations (`rows`) with respect to `columns` (after `forced`,
/// which every choice takes) and changes A where the choice gets better.
struct SelectionMatrix {
  std::vector<int> rows;             ///< indices into ReducedSystem::equations
  std::vector<sym::VarId> forced;    ///< dummies of every choice
  std::vector<sym::VarId> columns;   ///< the candidates
  int numStates = 0;
  std::vector<sym::VarId> a;         ///< numStates x columns, row-major
  /// Per column: x (one differentiation below the candidate), the
  /// candidate, and its derivatives up to the highest in the system.
  std::vector<std::vector<sym::VarId>> columnChains;
  /// Per state of the set: s and its derivatives, as the columns' chains.
  std::vector<std::vector<sym::VarId>> stateChains;
  std::vector<int> initial; ///< per state of the set: its column at the start
};

/// The index-reduced system.
struct ReducedSystem {
  /// Aliases found before the structural passes.
  AliasElimination aliases;
  /// The equations: the model's (aliases substituted) first, then the
  /// derivatives Pantelides' algorithm asked for; a derivative has origin
  /// Differentiated and originIndex = the index here of the equation it
  /// differentiates.
  std::vector<flat::Equation> equations;
  /// How many of `equations` are the model's (the rest are derivatives).
  size_t numModelEquations = 0;
  /// The variables the equations determine, states included: the model's
  /// in ascending order, then the derivatives index reduction added.
  std::vector<sym::VarId> variables;
  /// Per variable of the model: its index in `variables`, or -1.
  std::vector<int> localOf;
  /// Per entry of `variables`: the index of its derivative, or -1.
  std::vector<int> varToDiff;
  /// The choices of states; the first is the static (preferred) one. More
  /// than one: dynamic state selection.
  std::vector<StateChoice> choices;
  /// How the enumeration of choices ended.
  structural::StateSetStatusKind choiceStatus = structural::StateSetStatusKind::Static;
  /// If there were too many choices: how many were counted.
  long countedChoices = 0;
  /// State sets with selection matrices (the static choice is the only
  /// one then).
  std::vector<SelectionMatrix> matrices;
  /// Variables with stateSelect = always that the static choice could not
  /// make states.
  std::vector<sym::VarId> unhonouredAlways;
  /// The factors of ReductionOptions::zeroFactors whose products were
  /// taken out of the equations (decisions an override must translate
  /// again).
  std::vector<sym::ExprId> zeroFactors;
  /// Wall-clock seconds of each pass, in order.
  std::vector<std::pair<std::string, double>> passTimes;
};

/// homotopy(actual, simplified) is `actual * lambda + simplified * (1 -
/// lambda)` in the flat model (flat::SpecialKind::Homotopy). Replaces
/// lambda by 1 in the equations (the pool folds them back to `actual`: the
/// run's structure is the actual problem's) and returns the equations as
/// they were, for initialization's continuation; empty if the model has no
/// homotopy.
std::vector<flat::Equation> takeHomotopyOut(flat::FlatModel &model);

/// The states of a choice as a list for messages: "`x`, `der(x)`".
std::string describeStates(const flat::FlatModel &model, const StateChoice &choice);

/// Reduces the index of the model's equations. Reports an unbalanced or
/// structurally singular model (with the user's equations and variables),
/// an equation that cannot be differentiated, and a singular state
/// selection; returns nothing then. The model grows by the derivative
/// variables index reduction needs.
std::optional<ReducedSystem> reduceIndex(flat::FlatModel &model, Diagnostics &diags,
                                         const ReductionOptions &options = {});

} // namespace mocc::causalize
