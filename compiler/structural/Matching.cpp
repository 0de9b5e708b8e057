// Maximum matching: a greedy cheap assignment followed by the phases of
// Hopcroft and Karp (1973), and the single-source breadth-first augmenting
// path search with MC21's lookahead, used as Pantelides' AUGMENTPATH (1988).
// The depth-first search of Hopcroft–Karp keeps its path on an explicit
// stack.
#include "compiler/structural/Matching.h"

#include <algorithm>
#include <cassert>
#include <limits>

namespace mocc::structural {

void Matching::grow(int numEquations, int numVariables) {
  if (numEquations > static_cast<int>(eqToVar.size()))
    eqToVar.resize(numEquations, -1);
  if (numVariables > static_cast<int>(varToEq.size()))
    varToEq.resize(numVariables, -1);
}

int Matching::size() const {
  return static_cast<int>(std::count_if(eqToVar.begin(), eqToVar.end(),
                                        [](int v) { return v >= 0; }));
}

bool Matching::isPerfect() const {
  auto matched = [](int x) { return x >= 0; };
  return std::all_of(eqToVar.begin(), eqToVar.end(), matched) &&
         std::all_of(varToEq.begin(), varToEq.end(), matched);
}

namespace {

/// Adjacency lists the matching actually walks: the graph itself, or a copy
/// filtered by `isAllowed` and ordered by priority.
struct Adjacency {
  std::vector<std::size_t> ownStart;
  std::vector<int> ownColumns;
  std::span<const std::size_t> start;
  std::span<const int> columns;

  std::span<const int> row(int r) const {
    return columns.subspan(start[r], start[r + 1] - start[r]);
  }
};

/// Applies the caller's constraints once, up front, so the search loops only
/// read plain lists: O(E log d) for d the largest equation degree.
void buildAdjacency(const BipartiteGraph &graph,
                    const MatchingConstraints &constraints, Adjacency &adj) {
  if (!constraints.isAllowed && constraints.varPriority.empty()) {
    adj.start = graph.rowStarts();
    adj.columns = graph.columnIndices();
    return;
  }
  const std::vector<int> &priority = constraints.varPriority;
  adj.ownStart.assign(1, 0);
  adj.ownColumns.reserve(graph.numEdges());
  for (int eq = 0; eq < graph.numEquations(); ++eq) {
    auto first = adj.ownColumns.end() - adj.ownColumns.begin();
    for (int var : graph.variables(eq))
      if (!constraints.isAllowed || constraints.isAllowed(eq, var))
        adj.ownColumns.push_back(var);
    // Rows are ascending, so a stable sort keeps lower indices first on ties.
    if (!priority.empty())
      std::stable_sort(adj.ownColumns.begin() + first, adj.ownColumns.end(),
                       [&](int a, int b) { return priority[a] > priority[b]; });
    adj.ownStart.push_back(adj.ownColumns.size());
  }
  adj.start = adj.ownStart;
  adj.columns = adj.ownColumns;
}

constexpr int Unreached = std::numeric_limits<int>::max();

/// Hopcroft–Karp: each phase finds, by breadth-first search from all free
/// equations, the length of the shortest augmenting paths, then augments
/// along a maximal set of vertex-disjoint shortest paths by depth-first
/// search in the layered graph. O(sqrt(V)) phases of O(E) each.
class HopcroftKarp {
public:
  HopcroftKarp(const Adjacency &adj, Matching &matching)
      : adj_(adj), m_(matching), dist_(matching.eqToVar.size()),
        next_(matching.eqToVar.size()) {}

  void run() {
    cheapAssignment();
    while (buildLayers()) {
      for (int eq : freeEqs_)
        if (m_.eqToVar[eq] < 0)
          findPath(eq);
    }
  }

private:
  /// Greedy start: every free equation takes its first free variable.
  void cheapAssignment() {
    for (int eq = 0; eq < static_cast<int>(m_.eqToVar.size()); ++eq) {
      if (m_.eqToVar[eq] >= 0)
        continue;
      for (int var : adj_.row(eq))
        if (m_.varToEq[var] < 0) {
          m_.match(eq, var);
          break;
        }
    }
  }

  /// Breadth-first search from the free equations. `dist_[eq]` becomes the
  /// layer of `eq` (number of matched edges from a free equation) and
  /// `limit_` the layer count of the shortest augmenting paths. Returns
  /// whether an augmenting path exists.
  bool buildLayers();

  /// Depth-first search, in the layered graph, for a path from `root` to a
  /// free variable; flips it if found. Equations that lead nowhere get
  /// `dist_ = Unreached` so later searches of the phase skip them.
  bool findPath(int root);

  /// Flips the path on the stack: the last equation takes `freeVar`, each
  /// earlier one takes the variable its successor was entered through.
  void flipPath(int freeVar) {
    int var = freeVar;
    for (std::size_t i = pathEqs_.size(); i-- > 0;) {
      int previous = pathVia_[i];
      m_.match(pathEqs_[i], var);
      var = previous;
    }
  }

  const Adjacency &adj_;
  Matching &m_;
  std::vector<int> dist_;
  std::vector<std::size_t> next_;
  std::vector<int> freeEqs_;
  std::vector<int> queue_;
  std::vector<int> pathEqs_;
  std::vector<int> pathVia_;
  int limit_ = Unreached;
};

bool HopcroftKarp::buildLayers() {
  // Step 1: the free equations form layer 0.
  freeEqs_.clear();
  queue_.clear();
  for (int eq = 0; eq < static_cast<int>(dist_.size()); ++eq) {
    dist_[eq] = m_.eqToVar[eq] < 0 ? 0 : Unreached;
    next_[eq] = adj_.start[eq];
    if (m_.eqToVar[eq] < 0) {
      freeEqs_.push_back(eq);
      queue_.push_back(eq);
    }
  }
  // Step 2: alternate unmatched edge (eq -> var) and matched edge
  // (var -> its equation) until a layer reaches a free variable.
  limit_ = Unreached;
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    int eq = queue_[head];
    if (dist_[eq] + 1 >= limit_)
      break;
    for (int var : adj_.row(eq)) {
      int mate = m_.varToEq[var];
      if (mate < 0)
        limit_ = dist_[eq] + 1;
      else if (dist_[mate] == Unreached) {
        dist_[mate] = dist_[eq] + 1;
        queue_.push_back(mate);
      }
    }
  }
  return limit_ != Unreached;
}

bool HopcroftKarp::findPath(int root) {
  pathEqs_.assign(1, root);
  pathVia_.assign(1, -1);
  while (!pathEqs_.empty()) {
    int eq = pathEqs_.back();
    if (next_[eq] == adj_.start[eq + 1]) {
      // Dead end: no shortest augmenting path continues from `eq`.
      dist_[eq] = Unreached;
      pathEqs_.pop_back();
      pathVia_.pop_back();
      continue;
    }
    int var = adj_.columns[next_[eq]++];
    int mate = m_.varToEq[var];
    if (mate < 0 && dist_[eq] + 1 == limit_) {
      flipPath(var);
      return true;
    }
    // Follow the matched edge only to the next layer, short of the limit.
    if (mate >= 0 && dist_[mate] == dist_[eq] + 1 && dist_[mate] < limit_) {
      pathEqs_.push_back(mate);
      pathVia_.push_back(var);
    }
  }
  return false;
}

} // namespace

Matching computeMaximumMatching(const BipartiteGraph &graph,
                                const MatchingConstraints &constraints) {
  return computeMaximumMatching(
      graph, constraints, Matching(graph.numEquations(), graph.numVariables()));
}

Matching computeMaximumMatching(const BipartiteGraph &graph,
                                const MatchingConstraints &constraints,
                                Matching initial) {
  initial.grow(graph.numEquations(), graph.numVariables());
  assert(constraints.varPriority.empty() ||
         static_cast<int>(constraints.varPriority.size()) >=
             graph.numVariables());
  Adjacency adj;
  buildAdjacency(graph, constraints, adj);
  HopcroftKarp(adj, initial).run();
  return initial;
}

// --- AugmentingPathSearch ---------------------------------------------------

void AugmentingPathSearch::setSkipDeadColumns(bool on) {
  skipDead_ = on;
  dead_.clear();
}

bool AugmentingPathSearch::isUsable(int col,
                                    std::span<const char> isAllowed) const {
  if (!isAllowed.empty() && !isAllowed[col])
    return false;
  return !(skipDead_ && dead_[col]);
}

int AugmentingPathSearch::findFreeColumn(
    const BipartiteGraph &graph, int row, const std::vector<int> &colMate,
    std::span<const char> isAllowed) const {
  for (int col : graph.neighbors(row))
    if (colMate[col] < 0 && isUsable(col, isAllowed))
      return col;
  return -1;
}

void AugmentingPathSearch::enqueueMatchedRows(const BipartiteGraph &graph,
                                              int row,
                                              const std::vector<int> &colMate,
                                              std::span<const char> isAllowed) {
  // Every usable column of `row` is matched (the lookahead found none free):
  // the next layer is the rows they are matched to. Each row other than the
  // root is reached through its mate only, so no row is queued twice.
  for (int col : graph.neighbors(row)) {
    if (columnStamp_[col] == stamp_ || !isUsable(col, isAllowed))
      continue;
    columnStamp_[col] = stamp_;
    from_[col] = row;
    visitedColumns_.push_back(col);
    visitedRows_.push_back(colMate[col]);
  }
}

void AugmentingPathSearch::flipPath(int row, int freeCol,
                                    std::vector<int> &rowMate,
                                    std::vector<int> &colMate) const {
  // Walk back to the root: each row on the path takes the column after it and
  // hands its old mate to the row it was reached from.
  int col = freeCol;
  while (true) {
    int old = rowMate[row];
    rowMate[row] = col;
    colMate[col] = row;
    if (old < 0) // only the root is unmatched
      return;
    col = old;
    row = from_[old];
  }
}

void AugmentingPathSearch::reset(const BipartiteGraph &graph) {
  // A new stamp invalidates every column's old mark in O(1).
  ++stamp_;
  columnStamp_.resize(graph.numVariables(), 0);
  from_.resize(graph.numVariables(), -1);
  if (skipDead_)
    dead_.resize(graph.numVariables(), 0);
  visitedRows_.clear();
  visitedColumns_.clear();
}

bool AugmentingPathSearch::run(const BipartiteGraph &graph,
                               std::vector<int> &rowMate,
                               std::vector<int> &colMate, int root,
                               std::span<const char> isAllowed) {
  assert(rowMate[root] < 0);
  assert(static_cast<int>(colMate.size()) >= graph.numVariables());
  reset(graph);
  visitedRows_.push_back(root);
  for (std::size_t head = 0; head < visitedRows_.size(); ++head) {
    int row = visitedRows_[head];
    // Step 1 (lookahead): a free column next to `row` completes a path; rows
    // are taken in breadth-first order, so it is a shortest one.
    int freeCol = findFreeColumn(graph, row, colMate, isAllowed);
    if (freeCol >= 0) {
      flipPath(row, freeCol, rowMate, colMate);
      return true;
    }
    // Step 2: otherwise queue the rows one matched edge further.
    enqueueMatchedRows(graph, row, colMate, isAllowed);
  }
  // No path: everything visited is a dead region for later searches.
  if (skipDead_)
    for (int col : visitedColumns_)
      dead_[col] = 1;
  return false;
}

} // namespace mocc::structural
