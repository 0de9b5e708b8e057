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
//
// The enumeration of alternatives for dynamic state selection branches where
// the greedy algorithm chooses: per level, the connected blocks of equations
// and candidates are independent (the matroid is their direct sum), so each
// block's nonsingular column sets are enumerated alone and then combined. A
// column set is as good as the greedy one when the sorted priorities of its
// columns are the same: the greedy basis of a matroid is the least, entry by
// entry, of all bases' sorted weight lists (Gale's theorem).
#include "compiler/structural/DummyDerivatives.h"

#include "compiler/structural/Diagnosis.h"
#include "compiler/structural/Matching.h"
#include "compiler/structural/UnionFind.h"

#include <algorithm>
#include <climits>
#include <map>
#include <tuple>

namespace mocc::structural {

namespace {

/// Level 1: the differentiated equations at their highest order.
std::vector<int> firstLevelEquations(const DaeStructure &dae) {
  std::vector<int> eqs;
  for (int eq = 0; eq < dae.numEquations(); ++eq)
    if (dae.eqToDiff[eq] < 0 && dae.diffToEq[eq] >= 0)
      eqs.push_back(eq);
  return eqs;
}

/// Highest-order variables of the level-1 equations that are derivatives:
/// algebraic variables cannot become dummies.
std::vector<int> firstLevelCandidates(const DaeStructure &dae,
                                      const std::vector<int> &eqs) {
  std::vector<char> seen(dae.numVariables(), 0);
  std::vector<int> candidates;
  for (int eq : eqs)
    for (int var : dae.graph.variables(eq))
      if (!seen[var] && dae.varToDiff[var] < 0 && dae.diffToVar[var] >= 0) {
        seen[var] = 1;
        candidates.push_back(var);
      }
  return candidates;
}

/// The equations of the next level: one differentiation down, keeping those
/// that are still derivatives.
std::vector<int> nextLevelEquations(const DaeStructure &dae,
                                    const std::vector<int> &eqs) {
  std::vector<int> next;
  for (int eq : eqs) {
    int lower = dae.diffToEq[eq];
    if (dae.diffToEq[lower] >= 0)
      next.push_back(lower);
  }
  std::sort(next.begin(), next.end());
  return next;
}

/// The candidates of the next level: the selected columns, one
/// differentiation down, keeping those that are still derivatives.
std::vector<int> nextLevelCandidates(const DaeStructure &dae,
                                     const std::vector<int> &selected) {
  std::vector<int> next;
  for (int var : selected) {
    int lower = dae.diffToVar[var];
    if (dae.diffToVar[lower] >= 0)
      next.push_back(lower);
  }
  return next;
}

/// The priority of `var`; variables beyond the caller's list inherit down
/// their chain.
int priorityOf(const DaeStructure &dae, std::span<const int> priority,
               int var) {
  while (var >= static_cast<int>(priority.size()) && dae.diffToVar[var] >= 0)
    var = dae.diffToVar[var];
  return var < static_cast<int>(priority.size()) ? priority[var] : 0;
}

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
  std::vector<int> eqs = firstLevelEquations(dae_);
  std::vector<int> candidates = firstLevelCandidates(dae_, eqs);
  while (!eqs.empty()) {
    // Step 2: select as many columns as the level has equations; they are
    // the level's dummy derivatives.
    std::vector<int> selected = selectColumns(eqs, std::move(candidates));
    for (int var : selected)
      result_.isDummy[var] = 1;
    // Step 3: one differentiation down, for rows and columns alike.
    eqs = nextLevelEquations(dae_, eqs);
    candidates = nextLevelCandidates(dae_, selected);
  }
  collectStates();
  return std::move(result_);
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
        {{priorityOf(dae_, priority_, state), -dae_.variableOrder(state),
          -state},
         candidate});
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

/// Advances `pick` (ascending indices below n) to the next combination in
/// lexicographic order; false after the last one.
bool nextCombination(std::vector<std::size_t> &pick, std::size_t n) {
  std::size_t k = pick.size(), i = k;
  while (i > 0 && pick[i - 1] == n - k + i - 1)
    --i;
  if (i == 0)
    return false;
  ++pick[i - 1];
  for (std::size_t j = i; j < k; ++j)
    pick[j] = pick[j - 1] + 1;
  return true;
}

/// A selection whose levels above `equations` are chosen.
struct PartialSelection {
  std::vector<int> equations;  ///< of the level to choose next
  std::vector<int> candidates; ///< of that level
  std::vector<int> dummies;    ///< chosen so far
  std::vector<SelectionBlock> blocks;
};

/// One run of the enumeration of alternative selections.
class StateSetEnumerator {
public:
  StateSetEnumerator(const DaeStructure &dae, std::span<const int> priority,
                     const StateSetOptions &options)
      : dae_(dae), priority_(priority), options_(options),
        local_(dae.numVariables(), -1) {}

  StateSetAlternatives run();
  std::vector<AmbiguousBlock> ambiguousBlocks();

private:
  std::vector<SelectionBlock> components(const PartialSelection &p);
  std::vector<SelectionBlock> refine(const SelectionBlock &component);
  bool enumerateComponent(const SelectionBlock &component,
                          std::vector<std::vector<int>> &options);
  bool isNonsingular(const SelectionBlock &component,
                     const std::vector<int> &columns);
  std::vector<int> profile(const std::vector<int> &columns) const;
  bool expand(const PartialSelection &p, std::vector<PartialSelection> &next,
              long budget);
  DummyDerivativeResult finish(const PartialSelection &p) const;
  void collectPivotBlocks(std::vector<PartialSelection> &finished);

  const DaeStructure &dae_;
  std::span<const int> priority_;
  StateSetOptions options_;
  std::vector<int> local_; // scratch: variable -> local index, else -1
  long attempted_ = 0;     // the count that exceeded a limit
  StateSetAlternatives result_;
};

StateSetAlternatives StateSetEnumerator::run() {
  result_.selections.push_back(selectDummyDerivatives(dae_, priority_));
  if (result_.selections[0].status != DummyDerivativeStatusKind::Success)
    return std::move(result_);
  // Level by level, every partial selection branches into the combinations
  // of its level's component choices.
  std::vector<PartialSelection> frontier(1), finished;
  frontier[0].equations = firstLevelEquations(dae_);
  frontier[0].candidates = firstLevelCandidates(dae_, frontier[0].equations);
  while (!frontier.empty()) {
    std::vector<PartialSelection> next;
    for (PartialSelection &p : frontier) {
      if (p.equations.empty()) {
        finished.push_back(std::move(p));
        continue;
      }
      long budget = options_.maxAlternatives - static_cast<long>(finished.size());
      if (!expand(p, next, budget)) {
        result_.status = StateSetStatusKind::TooMany;
        result_.counted = attempted_;
        return std::move(result_);
      }
    }
    frontier = std::move(next);
  }
  if (finished.size() > 1)
    collectPivotBlocks(finished);
  return std::move(result_);
}

std::vector<AmbiguousBlock> StateSetEnumerator::ambiguousBlocks() {
  DummyDerivativeResult chosen = selectDummyDerivatives(dae_, priority_);
  if (chosen.status != DummyDerivativeStatusKind::Success)
    return {};
  PartialSelection p;
  p.equations = firstLevelEquations(dae_);
  p.candidates = firstLevelCandidates(dae_, p.equations);
  for (int level = 1; !p.equations.empty(); ++level) {
    std::vector<AmbiguousBlock> found;
    for (const SelectionBlock &component : components(p))
      for (const SelectionBlock &part : refine(component)) {
        std::vector<std::vector<int>> options;
        if (enumerateComponent(part, options) && options.size() <= 1)
          continue;
        // The priority at which the static choice is made: the highest of
        // its dummies here; those of lower priority it takes first.
        int boundary = INT_MIN;
        for (int var : part.columns)
          if (chosen.isDummy[var])
            boundary = std::max(boundary, priorityOf(dae_, priority_, dae_.diffToVar[var]));
        AmbiguousBlock block;
        block.level = level;
        block.equations = part.equations;
        for (int var : part.columns) {
          int priority = priorityOf(dae_, priority_, dae_.diffToVar[var]);
          if (priority < boundary && chosen.isDummy[var])
            block.forced.push_back(var);
          else if (priority == boundary) {
            block.columns.push_back(var);
            block.numDummies += chosen.isDummy[var];
          }
        }
        if (static_cast<int>(block.columns.size()) > block.numDummies)
          found.push_back(std::move(block));
      }
    if (!found.empty())
      return found;
    std::vector<int> selected;
    for (int var : p.candidates)
      if (chosen.isDummy[var])
        selected.push_back(var);
    p.equations = nextLevelEquations(dae_, p.equations);
    p.candidates = nextLevelCandidates(dae_, selected);
  }
  return {};
}

std::vector<SelectionBlock>
StateSetEnumerator::components(const PartialSelection &p) {
  // Union-find over the level's equations (0..E-1) and candidates (E..).
  int numEqs = static_cast<int>(p.equations.size());
  UnionFind sets(p.equations.size() + p.candidates.size());
  auto find = [&](int i) { return sets.find(i); };
  for (std::size_t j = 0; j < p.candidates.size(); ++j)
    local_[p.candidates[j]] = numEqs + static_cast<int>(j);
  for (int i = 0; i < numEqs; ++i)
    for (int var : dae_.graph.variables(p.equations[i]))
      if (local_[var] >= 0)
        sets.unite(local_[var], i);
  for (int var : p.candidates)
    local_[var] = -1;
  // Group by root, in the order of each component's first equation.
  std::vector<int> componentOfRoot(sets.size(), -1);
  std::vector<SelectionBlock> comps;
  for (int i = 0; i < numEqs; ++i) {
    int root = find(i);
    if (componentOfRoot[root] < 0) {
      componentOfRoot[root] = static_cast<int>(comps.size());
      comps.emplace_back();
    }
    comps[componentOfRoot[root]].equations.push_back(p.equations[i]);
  }
  for (std::size_t j = 0; j < p.candidates.size(); ++j) {
    int c = componentOfRoot[find(numEqs + static_cast<int>(j))];
    if (c >= 0)
      comps[c].columns.push_back(p.candidates[j]);
  }
  for (SelectionBlock &c : comps)
    std::sort(c.columns.begin(), c.columns.end());
  return comps;
}

std::vector<SelectionBlock>
StateSetEnumerator::refine(const SelectionBlock &component) {
  // The coarse Dulmage-Mendelsohn decomposition of the component (its
  // equations x its candidates; structurally of full row rank, or no
  // selection exists): the rows of the square part reach only its columns,
  // so every nonsingular selection takes all of them, and the choice is in
  // the under-determined part alone, whose blocks of rows and columns
  // connected by its own edges choose independently. The determinant of a
  // selection is the product of those of the parts (the matrix is block
  // triangular), so they rate it too. MultiBody's frames that parameters
  // fix (der(R.T) = 0) and the chains of assignments along a loop are the
  // square part; a constrained body's orientation is the rest.
  std::vector<std::vector<int>> rows;
  for (std::size_t j = 0; j < component.columns.size(); ++j)
    local_[component.columns[j]] = static_cast<int>(j);
  for (int eq : component.equations) {
    rows.emplace_back();
    for (int var : dae_.graph.variables(eq))
      if (local_[var] >= 0)
        rows.back().push_back(local_[var]);
    std::sort(rows.back().begin(), rows.back().end());
  }
  for (int var : component.columns)
    local_[var] = -1;
  auto graph = BipartiteGraph::fromRows(static_cast<int>(component.columns.size()), rows);
  Matching matching = computeMaximumMatching(graph);
  if (matching.size() != static_cast<int>(component.equations.size()))
    return {component}; // structurally singular: enumerate as it is (no option)
  DulmageMendelsohn dm = computeDulmageMendelsohn(graph, matching);
  if (dm.wellEquations.empty())
    return {component};
  std::vector<SelectionBlock> parts;
  SelectionBlock square;
  for (int e : dm.wellEquations)
    square.equations.push_back(component.equations[e]);
  for (int v : dm.wellVariables)
    square.columns.push_back(component.columns[v]);
  std::sort(square.equations.begin(), square.equations.end());
  std::sort(square.columns.begin(), square.columns.end());
  parts.push_back(std::move(square));
  // The under-determined part, split by its own edges (union-find over its
  // rows 0..R-1 and columns R..).
  std::vector<int> underColumnIndex(component.columns.size(), -1);
  for (std::size_t j = 0; j < dm.underVariables.size(); ++j)
    underColumnIndex[dm.underVariables[j]] = static_cast<int>(j);
  auto numRows = static_cast<int>(dm.underEquations.size());
  UnionFind sets(dm.underEquations.size() + dm.underVariables.size());
  auto find = [&](int i) { return sets.find(i); };
  for (int r = 0; r < numRows; ++r)
    for (int v : rows[dm.underEquations[r]])
      if (underColumnIndex[v] >= 0)
        sets.unite(numRows + underColumnIndex[v], r);
  std::map<int, SelectionBlock> byRoot;
  for (int r = 0; r < numRows; ++r)
    byRoot[find(r)].equations.push_back(component.equations[dm.underEquations[r]]);
  for (std::size_t j = 0; j < dm.underVariables.size(); ++j) {
    auto it = byRoot.find(find(numRows + static_cast<int>(j)));
    if (it != byRoot.end()) // a column no under row reaches stays a state
      it->second.columns.push_back(component.columns[dm.underVariables[j]]);
  }
  for (auto &[root, part] : byRoot) {
    std::sort(part.equations.begin(), part.equations.end());
    std::sort(part.columns.begin(), part.columns.end());
    parts.push_back(std::move(part));
  }
  return parts;
}

bool StateSetEnumerator::isNonsingular(const SelectionBlock &component,
                                       const std::vector<int> &columns) {
  for (std::size_t j = 0; j < columns.size(); ++j)
    local_[columns[j]] = static_cast<int>(j);
  std::vector<std::vector<int>> rows;
  for (int eq : component.equations) {
    rows.emplace_back();
    for (int var : dae_.graph.variables(eq))
      if (local_[var] >= 0)
        rows.back().push_back(local_[var]);
  }
  for (int var : columns)
    local_[var] = -1;
  auto graph = BipartiteGraph::fromRows(static_cast<int>(columns.size()), rows);
  return computeMaximumMatching(graph).size() ==
         static_cast<int>(component.equations.size());
}

std::vector<int>
StateSetEnumerator::profile(const std::vector<int> &columns) const {
  // The priorities of the variables that lose their state role, ascending.
  std::vector<int> out;
  for (int var : columns)
    out.push_back(priorityOf(dae_, priority_, dae_.diffToVar[var]));
  std::sort(out.begin(), out.end());
  return out;
}

bool StateSetEnumerator::enumerateComponent(
    const SelectionBlock &component, std::vector<std::vector<int>> &options) {
  const std::vector<int> &cands = component.columns;
  std::size_t n = cands.size(), k = component.equations.size();
  if (k > n)
    return true; // no option: this branch is structurally singular
  // Step 1: bound C(n, k) before enumerating.
  double count = 1;
  for (std::size_t i = 0; i < k; ++i)
    count = count * static_cast<double>(n - i) / static_cast<double>(i + 1);
  if (count > options_.maxSubsetsPerComponent) {
    attempted_ = static_cast<long>(std::min(count, 1e18));
    return false;
  }
  // Step 2: every k-subset in lexicographic order; keep the nonsingular
  // ones with the best (smallest) priority profile.
  std::vector<std::size_t> pick(k);
  for (std::size_t i = 0; i < k; ++i)
    pick[i] = i;
  std::vector<int> best;
  while (true) {
    std::vector<int> columns;
    for (std::size_t i : pick)
      columns.push_back(cands[i]);
    if (isNonsingular(component, columns)) {
      std::vector<int> key = profile(columns);
      if (options.empty() || key < best) {
        options.clear();
        best = key;
      }
      if (key == best)
        options.push_back(std::move(columns));
    }
    if (!nextCombination(pick, n))
      return true;
  }
}

bool StateSetEnumerator::expand(const PartialSelection &p,
                                std::vector<PartialSelection> &next,
                                long budget) {
  std::vector<SelectionBlock> comps;
  for (const SelectionBlock &component : components(p))
    for (SelectionBlock &part : refine(component))
      comps.push_back(std::move(part));
  std::vector<std::vector<std::vector<int>>> options(comps.size());
  double total = 1;
  for (std::size_t c = 0; c < comps.size(); ++c) {
    if (!enumerateComponent(comps[c], options[c]))
      return false;
    total *= static_cast<double>(options[c].size());
  }
  if (total == 0)
    return true; // a dead branch
  if (total + static_cast<double>(next.size()) > static_cast<double>(budget)) {
    attempted_ = static_cast<long>(
        std::min(total + static_cast<double>(next.size()), 1e18));
    return false;
  }
  // Every combination of the components' options, as a mixed-radix counter.
  std::vector<std::size_t> digit(comps.size(), 0);
  for (long combination = 0; combination < static_cast<long>(total);
       ++combination) {
    PartialSelection q;
    q.dummies = p.dummies;
    q.blocks = p.blocks;
    std::vector<int> selected;
    for (std::size_t c = 0; c < comps.size(); ++c) {
      const std::vector<int> &chosen = options[c][digit[c]];
      selected.insert(selected.end(), chosen.begin(), chosen.end());
      q.blocks.push_back({comps[c].equations, chosen});
    }
    q.dummies.insert(q.dummies.end(), selected.begin(), selected.end());
    q.equations = nextLevelEquations(dae_, p.equations);
    q.candidates = nextLevelCandidates(dae_, selected);
    next.push_back(std::move(q));
    for (std::size_t c = 0; c < comps.size() && ++digit[c] == options[c].size();
         ++c)
      digit[c] = 0;
  }
  return true;
}

DummyDerivativeResult
StateSetEnumerator::finish(const PartialSelection &p) const {
  DummyDerivativeResult r;
  r.isDummy.assign(dae_.numVariables(), 0);
  for (int var : p.dummies)
    r.isDummy[var] = 1;
  for (int var = 0; var < dae_.numVariables(); ++var) {
    if (r.isDummy[var])
      r.dummyDerivatives.push_back(var);
    int der = dae_.varToDiff[var];
    if (der >= 0 && !r.isDummy[der])
      r.states.push_back(var);
  }
  return r;
}

void StateSetEnumerator::collectPivotBlocks(
    std::vector<PartialSelection> &finished) {
  // Step 1: the static selection first, the others in enumeration order.
  const std::vector<int> staticDummies = result_.selections[0].dummyDerivatives;
  std::stable_partition(finished.begin(), finished.end(),
                        [&](const PartialSelection &p) {
                          return finish(p).dummyDerivatives == staticDummies;
                        });
  result_.selections.clear();
  for (const PartialSelection &p : finished)
    result_.selections.push_back(finish(p));
  if (result_.selections[0].dummyDerivatives != staticDummies)
    return; // cannot happen: the greedy choice is among the optimal ones
  result_.status = StateSetStatusKind::Dynamic;
  // Step 2: blocks every selection shares rate them all alike; drop them.
  std::map<SelectionBlock, std::size_t> uses;
  for (PartialSelection &p : finished) {
    std::sort(p.blocks.begin(), p.blocks.end());
    for (const SelectionBlock &b : p.blocks)
      ++uses[b];
  }
  for (const PartialSelection &p : finished) {
    result_.pivotBlocks.emplace_back();
    for (const SelectionBlock &b : p.blocks)
      if (uses[b] < finished.size())
        result_.pivotBlocks.back().push_back(b);
  }
}

} // namespace

DummyDerivativeResult
selectDummyDerivatives(const DaeStructure &dae,
                       std::span<const int> statePriority) {
  return DummyDerivativeSelector(dae, statePriority).run();
}

std::vector<AmbiguousBlock> findAmbiguousBlocks(const DaeStructure &dae,
                                                std::span<const int> statePriority,
                                                const StateSetOptions &options) {
  return StateSetEnumerator(dae, statePriority, options).ambiguousBlocks();
}

StateSetAlternatives enumerateStateSets(const DaeStructure &dae,
                                        std::span<const int> statePriority,
                                        const StateSetOptions &options) {
  return StateSetEnumerator(dae, statePriority, options).run();
}

} // namespace mocc::structural
