// Structural index reduction by Pantelides' algorithm (C. C. Pantelides, "The
// consistent initialization of differential-algebraic systems", SIAM J. Sci.
// Stat. Comput. 9(2), 1988), in the varToDiff/eqToDiff formulation of
// ModelingToolkit's StateSelection.jl. Only highest-order derivatives are
// matched (a variable whose derivative occurs is treated as known); when an
// equation cannot be matched, the structurally singular subset found by the
// failed augmenting-path search is differentiated and the search repeats on
// the derivative. The algorithm never sees an expression: it asks the caller,
// through EquationDifferentiator, to differentiate an equation.
#pragma once

#include "compiler/structural/DaeStructure.h"
#include "compiler/structural/Diagnosis.h"
#include "compiler/structural/Matching.h"

#include <vector>

namespace mocc::structural {

/// Hands out the ids of derivative variables while the caller differentiates
/// an equation.
class DerivativeVariables {
public:
  /// The id of der(`var`); the variable is added (and reported through
  /// EquationDifferentiator::addedDerivativeVariable) if it does not exist.
  virtual int derivativeOf(int var) = 0;

protected:
  ~DerivativeVariables() = default;
};

/// The caller's side of index reduction: it owns the expressions.
class EquationDifferentiator {
public:
  virtual ~EquationDifferentiator() = default;

  /// Variable `derVar` = der(`var`) was added to the structure; the caller
  /// creates the matching variable in its model.
  virtual void addedDerivativeVariable(int var, int derVar) = 0;

  /// Differentiates equation `eq` once with respect to time. The result is
  /// added as equation `derEq` (the next free id: the caller appends it to
  /// its equation list). Returns the variables of the new equation; the id of
  /// der(v) is `derivatives.derivativeOf(v)`.
  virtual std::vector<int>
  differentiateEquation(int eq, int derEq,
                        DerivativeVariables &derivatives) = 0;

  /// Whether the last differentiateEquation() failed (an expression without
  /// a derivative). The caller still appends an equation and returns some
  /// incidence; the algorithm then stops with DifferentiationFailed.
  virtual bool differentiationFailed() const { return false; }
};

/// Limits of the algorithm.
struct PantelidesOptions {
  /// Failed searches allowed while placing one original equation (each
  /// differentiates the equation once more); 0 picks a bound of one more
  /// than the number of equations plus variables, far above the index of
  /// any real model. Only a guard against runaway loops.
  int maxDifferentiations = 0;
};

/// How Pantelides' algorithm ended.
enum class PantelidesStatusKind {
  /// The extended system is structurally nonsingular in its highest
  /// derivatives.
  Success,
  /// The system is structurally singular (no finite number of
  /// differentiations helps): see `singularity`.
  StructurallySingular,
  /// An equation needed more differentiations than allowed.
  DifferentiationLimit,
  /// The caller could not differentiate an equation (see
  /// EquationDifferentiator::differentiationFailed); it is the only
  /// offending equation.
  DifferentiationFailed,
};

/// The outcome of Pantelides' algorithm; the extended system itself is the
/// DaeStructure that was passed in.
struct PantelidesResult {
  /// How the run ended.
  PantelidesStatusKind status = PantelidesStatusKind::Success;
  /// On success, a perfect matching between the highest-order equations
  /// (eqToDiff == -1) and the highest-order variables (varToDiff == -1);
  /// lower-order equations and variables are unmatched.
  Matching matching;
  /// If structurally singular: the Dulmage–Mendelsohn decomposition of the
  /// original equations against the variables, where a variable and all its
  /// derivatives count as one (each named by its base variable).
  DulmageMendelsohn singularity;
  /// The equations to report: the over- and under-determined equations if
  /// singular, the equations of the last failed search at the limit, the
  /// equation that could not be differentiated.
  std::vector<int> offendingEquations;
  /// The variables to report, likewise (base variables if singular).
  std::vector<int> offendingVariables;
};

/// Runs Pantelides' algorithm on `dae`, extending it in place with the
/// derivative equations and variables. Deterministic; iterative; the cost is
/// that of the augmenting-path searches, proportional to the size of the
/// differentiated subsystems in practice.
PantelidesResult runPantelides(DaeStructure &dae,
                               EquationDifferentiator &differentiator,
                               const PantelidesOptions &options = {});

} // namespace mocc::structural
