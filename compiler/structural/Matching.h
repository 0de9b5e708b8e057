// Maximum bipartite matching between equations and variables: which equation
// is solved for which variable. The whole-graph matching is Hopcroft and
// Karp's algorithm (J. E. Hopcroft and R. M. Karp, "An n^{5/2} algorithm for
// maximum matchings in bipartite graphs", SIAM J. Comput. 2(4), 1973), after a
// greedy cheap assignment. The single-source search used by Pantelides'
// algorithm (his AUGMENTPATH) and by dummy-derivative selection is the
// breadth-first variant of the augmenting-path search (see I. S. Duff, K.
// Kaya and B. Uçar, "Design, implementation, and analysis of maximum
// transversal algorithms", ACM TOMS 38(2), 2011), with the lookahead of Duff's
// MC21 (a free column next to a row ends the search). Both are iterative: no
// recursion, whatever the path length.
#pragma once

#include "compiler/structural/BipartiteGraph.h"

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace mocc::structural {

/// A matching of equations to variables; -1 marks an unmatched vertex.
struct Matching {
  Matching() = default;
  /// An empty matching of the given size.
  Matching(int numEquations, int numVariables)
      : eqToVar(numEquations, -1), varToEq(numVariables, -1) {}

  /// The variable equation `eq` is solved for, or -1.
  std::vector<int> eqToVar;
  /// The equation variable `var` is solved from, or -1.
  std::vector<int> varToEq;

  /// Matches `eq` with `var`, overwriting both sides (not their old mates).
  void match(int eq, int var) {
    eqToVar[eq] = var;
    varToEq[var] = eq;
  }
  /// Grows (never shrinks) both sides, new entries unmatched.
  void grow(int numEquations, int numVariables);
  /// Number of matched pairs.
  int size() const;
  /// Whether every equation and every variable is matched.
  bool isPerfect() const;
};

/// How the caller steers the maximum matching.
struct MatchingConstraints {
  /// If set, only edges for which it returns true may be matched; e.g. the
  /// caller forbids solving an equation for a variable it cannot be solved
  /// for. The result is maximum among matchings of the allowed edges.
  std::function<bool(int eq, int var)> isAllowed;
  /// If non-empty (one entry per variable), the variables of an equation are
  /// tried in decreasing priority, ties by lower index: where several maximum
  /// matchings exist, high-priority variables tend to be matched. A heuristic,
  /// not an optimization.
  std::vector<int> varPriority;
};

/// Computes a maximum matching (greedy start, then Hopcroft–Karp phases);
/// O(E sqrt(V)) and deterministic.
Matching computeMaximumMatching(const BipartiteGraph &graph,
                                const MatchingConstraints &constraints = {});

/// Same, but extends `initial` (whose pairs must be edges of `graph`) instead
/// of starting empty: every vertex matched in `initial` stays matched. To
/// prefer some edges, match with them allowed only, then extend with all.
Matching computeMaximumMatching(const BipartiteGraph &graph,
                                const MatchingConstraints &constraints,
                                Matching initial);

/// One augmenting-path search from a single unmatched row, breadth-first so
/// that it finds a shortest path and, when it succeeds, explores only the
/// rows closer to the root than the nearest free column (a depth-first
/// search can wander through a whole matched region first). A failed search
/// visits every row and column reachable by alternating paths, whatever the
/// order. Rows and columns are abstract so the search also runs on a
/// transposed graph (from a variable to equations). Reusable: marks are
/// reset in O(1) per search.
class AugmentingPathSearch {
public:
  /// Searches from `root` (a row of `graph`, unmatched in `rowMate`) along
  /// columns `c` with `isAllowed[c] != 0` (all columns if `isAllowed` is
  /// empty). If a path to a free column exists, flips it in `rowMate` /
  /// `colMate` and returns true.
  bool run(const BipartiteGraph &graph, std::vector<int> &rowMate,
           std::vector<int> &colMate, int root,
           std::span<const char> isAllowed = {});

  /// Rows visited by the last run, in visiting order (Pantelides' coloured
  /// equations when the run failed).
  std::span<const int> visitedRows() const { return visitedRows_; }
  /// Columns visited by the last run, in visiting order (Pantelides'
  /// coloured variables when the run failed).
  std::span<const int> visitedColumns() const { return visitedColumns_; }

  /// When on, columns visited by a failed run are skipped by later runs: no
  /// augmenting path can go through them as long as the graph and the allowed
  /// set do not change (the region they span has no free column and later
  /// augmentations never enter it). Makes a sequence of failing searches cost
  /// O(E) in total.
  void setSkipDeadColumns(bool on);

private:
  bool isUsable(int col, std::span<const char> isAllowed) const;
  int findFreeColumn(const BipartiteGraph &graph, int row,
                     const std::vector<int> &colMate,
                     std::span<const char> isAllowed) const;
  void enqueueMatchedRows(const BipartiteGraph &graph, int row,
                          const std::vector<int> &colMate,
                          std::span<const char> isAllowed);
  void flipPath(int row, int freeCol, std::vector<int> &rowMate,
                std::vector<int> &colMate) const;
  void reset(const BipartiteGraph &graph);

  std::uint64_t stamp_ = 0;
  std::vector<std::uint64_t> columnStamp_; // == stamp_: visited this run
  std::vector<int> from_; // for a visited column, the row it was reached from
  bool skipDead_ = false;
  std::vector<char> dead_;
  std::vector<int> visitedRows_; // also the queue of the search
  std::vector<int> visitedColumns_;
};

} // namespace mocc::structural
