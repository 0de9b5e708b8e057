// Pantelides' algorithm (Pantelides 1988, in the formulation of
// ModelingToolkit's StateSelection.jl). Before it runs, a solvability check:
// the algorithm terminates only if the system has a perfect matching when a
// variable and its derivatives count as one unknown (a finite transversal of
// the signature matrix, J. D. Pryce, "A simple structural analysis method for
// DAEs", BIT 41(2), 2001); otherwise no number of differentiations helps and
// the Dulmage–Mendelsohn decomposition of that family graph names the
// equations at fault.
#include "compiler/structural/Pantelides.h"

#include <algorithm>
#include <cassert>

namespace mocc::structural {

namespace {

/// The sorted union of two ascending lists.
std::vector<int> mergeSorted(const std::vector<int> &a,
                             const std::vector<int> &b) {
  std::vector<int> out;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(),
                 std::back_inserter(out));
  return out;
}

/// Renames family indices to the ids of their base variables.
void renameFamilies(std::vector<int> &families, const std::vector<int> &bases) {
  for (int &f : families)
    f = bases[f];
}

/// The solvability check on the equations x variable families graph (a
/// variable and all its derivatives form one family, named by its base
/// variable). Returns false, filling in `result`, if that graph has no
/// perfect matching.
bool checkFamilyMatching(const DaeStructure &dae, PantelidesResult &result) {
  // Step 1: number the families by ascending base variable.
  std::vector<int> familyOf(dae.numVariables(), -1), bases;
  for (int var = 0; var < dae.numVariables(); ++var) {
    if (dae.diffToVar[var] >= 0)
      continue;
    for (int v = var; v >= 0; v = dae.varToDiff[v])
      familyOf[v] = static_cast<int>(bases.size());
    bases.push_back(var);
  }
  // Step 2: match equations to families.
  std::vector<Edge> edges;
  for (int eq = 0; eq < dae.numEquations(); ++eq)
    for (int var : dae.graph.variables(eq))
      edges.push_back({eq, familyOf[var]});
  BipartiteGraph families = BipartiteGraph::fromEdges(
      dae.numEquations(), static_cast<int>(bases.size()), edges);
  Matching matching = computeMaximumMatching(families);
  if (matching.isPerfect())
    return true;
  // Step 3: report the over- and under-determined parts.
  DulmageMendelsohn &dm = result.singularity;
  dm = computeDulmageMendelsohn(families, matching);
  for (std::vector<int> *list : {&dm.overVariables, &dm.underVariables,
                                 &dm.wellVariables, &dm.unmatchedVariables})
    renameFamilies(*list, bases);
  result.status = PantelidesStatusKind::StructurallySingular;
  result.offendingEquations = mergeSorted(dm.overEquations, dm.underEquations);
  result.offendingVariables = mergeSorted(dm.overVariables, dm.underVariables);
  return false;
}

/// One run of the algorithm. It is also the DerivativeVariables the caller
/// uses while differentiating, so every new variable goes through
/// addDerivative().
class Pantelides final : public DerivativeVariables {
public:
  Pantelides(DaeStructure &dae, EquationDifferentiator &differentiator,
             int maxDifferentiations)
      : dae_(dae), differentiator_(differentiator),
        maxDifferentiations_(maxDifferentiations),
        matching_(dae.numEquations(), dae.numVariables()),
        isHighest_(dae.numVariables()) {
    // A variable whose derivative occurs is known (a state candidate) and is
    // never matched: only highest-order derivatives are unknowns.
    for (int var = 0; var < dae.numVariables(); ++var)
      isHighest_[var] = dae.varToDiff[var] < 0;
  }

  int derivativeOf(int var) override {
    return dae_.varToDiff[var] >= 0 ? dae_.varToDiff[var] : addDerivative(var);
  }

  PantelidesResult run();

private:
  bool placeEquation(int eq, PantelidesResult &result);
  /// Differentiates the coloured subsystem; returns d/dt(eq), or -1 if the
  /// caller could not differentiate an equation.
  int differentiateColoured(int eq);
  int addDerivative(int var);
  void keepHighestOrderPairs();

  DaeStructure &dae_;
  EquationDifferentiator &differentiator_;
  int maxDifferentiations_;
  Matching matching_;
  std::vector<char> isHighest_;
  AugmentingPathSearch search_;
  int failedEquation_ = -1;
};

PantelidesResult Pantelides::run() {
  PantelidesResult result;
  if (!checkFamilyMatching(dae_, result))
    return result;
  // Pantelides' outer loop: place the original equations one by one. An
  // original equation already differentiated while placing an earlier one
  // has its derivative matched, and is skipped.
  int numOriginal = dae_.numEquations();
  for (int eq = 0; eq < numOriginal; ++eq)
    if (dae_.eqToDiff[eq] < 0 && !placeEquation(eq, result))
      return result;
  keepHighestOrderPairs();
  result.matching = std::move(matching_);
  return result;
}

bool Pantelides::placeEquation(int eq, PantelidesResult &result) {
  int failures = 0;
  // AUGMENTPATH from `eq` among highest-order variables; each failure
  // differentiates the coloured subsystem and retries from d/dt(eq).
  while (!search_.run(dae_.graph, matching_.eqToVar, matching_.varToEq, eq,
                      isHighest_)) {
    if (++failures > maxDifferentiations_) {
      auto rows = search_.visitedRows(), cols = search_.visitedColumns();
      result.status = PantelidesStatusKind::DifferentiationLimit;
      result.offendingEquations.assign(rows.begin(), rows.end());
      result.offendingVariables.assign(cols.begin(), cols.end());
      std::sort(result.offendingEquations.begin(),
                result.offendingEquations.end());
      std::sort(result.offendingVariables.begin(),
                result.offendingVariables.end());
      return false;
    }
    eq = differentiateColoured(eq);
    if (eq < 0) {
      result.status = PantelidesStatusKind::DifferentiationFailed;
      result.offendingEquations = {failedEquation_};
      return false;
    }
  }
  return true;
}

int Pantelides::differentiateColoured(int eq) {
  // The failed search coloured a structurally singular subset: one more
  // equation than variables, every coloured variable matched to a coloured
  // equation. Process both in ascending order, for stable ids.
  std::vector<int> eqs(search_.visitedRows().begin(),
                       search_.visitedRows().end());
  std::vector<int> vars(search_.visitedColumns().begin(),
                        search_.visitedColumns().end());
  std::sort(eqs.begin(), eqs.end());
  std::sort(vars.begin(), vars.end());
  // Step 1: each coloured variable j gets its derivative der(j), the new
  // highest-order unknown in place of j.
  for (int var : vars)
    addDerivative(var);
  // Step 2: each coloured equation is differentiated by the caller.
  for (int colouredEq : eqs) {
    int derEq = dae_.numEquations();
    std::vector<int> incidence =
        differentiator_.differentiateEquation(colouredEq, derEq, *this);
    int added = dae_.addDerivativeEquation(colouredEq, incidence);
    assert(added == derEq);
    (void)added;
    matching_.grow(dae_.numEquations(), dae_.numVariables());
    if (differentiator_.differentiationFailed()) {
      failedEquation_ = colouredEq;
      return -1;
    }
  }
  // Step 3: assign(der(j)) = der(assign(j)): the differentiated matching is
  // a matching of the differentiated subsystem.
  for (int var : vars)
    matching_.match(dae_.eqToDiff[matching_.varToEq[var]], dae_.varToDiff[var]);
  // Step 4: continue from the derivative of the equation being placed.
  return dae_.eqToDiff[eq];
}

int Pantelides::addDerivative(int var) {
  // A new derivative of a variable outside the coloured set would leave its
  // equation without a highest-order unknown: the caller's incidence of a
  // derivative must only add derivatives of variables of the equation.
  int der = dae_.addDerivativeVariable(var);
  isHighest_[var] = 0;
  isHighest_.push_back(1);
  matching_.grow(dae_.numEquations(), dae_.numVariables());
  differentiator_.addedDerivativeVariable(var, der);
  return der;
}

void Pantelides::keepHighestOrderPairs() {
  // Lower-order equations and variables keep stale pairs from before their
  // differentiation; drop them so only the highest-order matching remains.
  for (int eq = 0; eq < dae_.numEquations(); ++eq)
    if (dae_.eqToDiff[eq] >= 0)
      matching_.eqToVar[eq] = -1;
  for (int var = 0; var < dae_.numVariables(); ++var)
    if (dae_.varToDiff[var] >= 0)
      matching_.varToEq[var] = -1;
#ifndef NDEBUG
  for (int eq = 0; eq < dae_.numEquations(); ++eq) {
    int var = matching_.eqToVar[eq];
    assert((dae_.eqToDiff[eq] >= 0) == (var < 0));
    assert(var < 0 ||
           (dae_.varToDiff[var] < 0 && matching_.varToEq[var] == eq));
  }
#endif
}

} // namespace

PantelidesResult runPantelides(DaeStructure &dae,
                               EquationDifferentiator &differentiator,
                               const PantelidesOptions &options) {
  int limit = options.maxDifferentiations > 0
                  ? options.maxDifferentiations
                  : dae.numEquations() + dae.numVariables() + 1;
  return Pantelides(dae, differentiator, limit).run();
}

} // namespace mocc::structural
