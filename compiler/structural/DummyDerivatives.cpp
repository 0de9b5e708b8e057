// The dummy derivative method (Mattsson and Söderlind 1993), with
// the nonsingular column selection done structurally. At level 1 the rows are
// the differentiated equations at their highest order and the columns their
// highest-order derivative variables; the selected columns are the level's
// dummy derivatives. Level i+1 keeps the equations of level i that were
// differentiated once more, with one differentiation removed, and as columns
// the selected variables of level i with one differentiation removed (the
// rows of the selected block M_i, by the structure of a derivative's
// Jacobian). Selection within a level is greedy over the candidates in
// priority order, each accepted if an augmenting path (from the candidate to
// the level's equations) exists: the greedy algorithm on the transversal
// matroid, which yields the best column set for that order.
#include "compiler/structural/DummyDerivatives.h"

#include "compiler/structural/Matching.h"

#include <algorithm>
#include <tuple>

namespace mocc::structural {

namespace {

/// One run of the selection.
class DummyDerivativeSelector {
public:
  DummyDerivativeSelector(const DaeStructure &dae,
                          std::span<const int> priority)
      : dae_(dae), priority_(priority), eqsOfVar_(dae.graph.transpose()),
        inLevel_(dae.numEquations(), 0), varMate_(dae.numVariables(), -1),
        eqMate_(dae.numEquations(), -1) {
    result_.isDummy.assign(dae.numVariables(), 0);
  }

  DummyDerivativeResult run();

private:
  std::vector<int> firstLevelEquations() const;
  std::vector<int> firstLevelCandidates(const std::vector<int> &eqs) const;
  std::vector<int> nextLevelEquations(const std::vector<int> &eqs) const;
  std::vector<int> nextLevelCandidates(const std::vector<int> &selected) const;
  int priorityOf(int var) const;
  void sortCandidates(std::vector<int> &candidates) const;
  std::vector<int> selectColumns(const std::vector<int> &eqs,
                                 std::vector<int> candidates);
  void collectStates();

  const DaeStructure &dae_;
  std::span<const int> priority_;
  BipartiteGraph eqsOfVar_;
  std::vector<char> inLevel_;
  std::vector<int> varMate_;
  std::vector<int> eqMate_;
  AugmentingPathSearch search_;
  DummyDerivativeResult result_;
};

DummyDerivativeResult DummyDerivativeSelector::run() {
  // Step 1: level 1, the differentiated equations at their highest order.
  std::vector<int> eqs = firstLevelEquations();
  std::vector<int> candidates = firstLevelCandidates(eqs);
  while (!eqs.empty()) {
    // Step 2: select as many columns as the level has equations; they are
    // the level's dummy derivatives.
    std::vector<int> selected = selectColumns(eqs, std::move(candidates));
    for (int var : selected)
      result_.isDummy[var] = 1;
    // Step 3: one differentiation down, for rows and columns alike.
    eqs = nextLevelEquations(eqs);
    candidates = nextLevelCandidates(selected);
  }
  collectStates();
  return std::move(result_);
}

std::vector<int> DummyDerivativeSelector::firstLevelEquations() const {
  std::vector<int> eqs;
  for (int eq = 0; eq < dae_.numEquations(); ++eq)
    if (dae_.eqToDiff[eq] < 0 && dae_.diffToEq[eq] >= 0)
      eqs.push_back(eq);
  return eqs;
}

std::vector<int> DummyDerivativeSelector::firstLevelCandidates(
    const std::vector<int> &eqs) const {
  // Highest-order variables that are derivatives: algebraic variables cannot
  // become dummies.
  std::vector<char> seen(dae_.numVariables(), 0);
  std::vector<int> candidates;
  for (int eq : eqs)
    for (int var : dae_.graph.variables(eq))
      if (!seen[var] && dae_.varToDiff[var] < 0 && dae_.diffToVar[var] >= 0) {
        seen[var] = 1;
        candidates.push_back(var);
      }
  return candidates;
}

std::vector<int>
DummyDerivativeSelector::nextLevelEquations(const std::vector<int> &eqs) const {
  std::vector<int> next;
  for (int eq : eqs) {
    int lower = dae_.diffToEq[eq];
    if (dae_.diffToEq[lower] >= 0)
      next.push_back(lower);
  }
  std::sort(next.begin(), next.end());
  return next;
}

std::vector<int> DummyDerivativeSelector::nextLevelCandidates(
    const std::vector<int> &selected) const {
  std::vector<int> next;
  for (int var : selected) {
    int lower = dae_.diffToVar[var];
    if (dae_.diffToVar[lower] >= 0)
      next.push_back(lower);
  }
  return next;
}

int DummyDerivativeSelector::priorityOf(int var) const {
  // Variables beyond the caller's list inherit down their chain.
  while (var >= static_cast<int>(priority_.size()) && dae_.diffToVar[var] >= 0)
    var = dae_.diffToVar[var];
  return var < static_cast<int>(priority_.size()) ? priority_[var] : 0;
}

void DummyDerivativeSelector::sortCandidates(
    std::vector<int> &candidates) const {
  // Candidate der(v) is tried as a dummy (costing v its state role) first
  // when v has low priority, then high differentiation order, then high
  // index; so low-order, low-index variables stay states on ties.
  using Key = std::tuple<int, int, int>;
  std::vector<std::pair<Key, int>> keyed;
  keyed.reserve(candidates.size());
  for (int candidate : candidates) {
    int state = dae_.diffToVar[candidate];
    keyed.push_back(
        {{priorityOf(state), -dae_.variableOrder(state), -state}, candidate});
  }
  std::sort(keyed.begin(), keyed.end());
  for (std::size_t i = 0; i < keyed.size(); ++i)
    candidates[i] = keyed[i].second;
}

std::vector<int>
DummyDerivativeSelector::selectColumns(const std::vector<int> &eqs,
                                       std::vector<int> candidates) {
  for (int eq : eqs)
    inLevel_[eq] = 1;
  sortCandidates(candidates);
  // A failed search stays failed within a level: skip its region.
  search_.setSkipDeadColumns(true);
  std::vector<int> selected;
  // Greedy on the transversal matroid: keep a candidate if the level's
  // equations can still be matched to all kept candidates plus this one.
  for (int var : candidates) {
    if (selected.size() == eqs.size())
      break;
    if (search_.run(eqsOfVar_, varMate_, eqMate_, var, inLevel_))
      selected.push_back(var);
  }
  if (selected.size() < eqs.size()) {
    result_.status = DummyDerivativeStatusKind::StructurallySingular;
    for (int eq : eqs)
      if (eqMate_[eq] < 0)
        result_.deficientEquations.push_back(eq);
  }
  // Clean up for the next level.
  for (int eq : eqs) {
    inLevel_[eq] = 0;
    eqMate_[eq] = -1;
  }
  for (int var : candidates)
    varMate_[var] = -1;
  return selected;
}

void DummyDerivativeSelector::collectStates() {
  for (int var = 0; var < dae_.numVariables(); ++var) {
    if (result_.isDummy[var])
      result_.dummyDerivatives.push_back(var);
    int der = dae_.varToDiff[var];
    if (der >= 0 && !result_.isDummy[der])
      result_.states.push_back(var);
  }
  std::sort(result_.deficientEquations.begin(),
            result_.deficientEquations.end());
}

} // namespace

DummyDerivativeResult
selectDummyDerivatives(const DaeStructure &dae,
                       std::span<const int> statePriority) {
  return DummyDerivativeSelector(dae, statePriority).run();
}

} // namespace mocc::structural
