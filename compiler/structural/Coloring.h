// Column coloring of a sparse Jacobian pattern for compressed evaluation:
// columns that share no row can be perturbed (or seeded, in forward-mode
// automatic differentiation) together, so a Jacobian with c colors costs c
// directional derivatives instead of one per column. This is a partial
// distance-2 coloring of the bipartite row/column graph, computed greedily
// (A. H. Gebremedhin, F. Manne and A. Pothen, "What color is your Jacobian?
// Graph coloring for computing derivatives", SIAM Review 47(4), 2005). The
// greedy never uses more colors than one plus the largest number of columns
// sharing a row with one column, and at least the largest row degree is
// always needed.
#pragma once

#include "compiler/structural/BipartiteGraph.h"

#include <span>
#include <vector>

namespace mocc::structural {

/// The order in which the greedy coloring visits columns.
enum class ColumnOrderingKind {
  /// Ascending column index.
  Natural,
  /// Decreasing bound on the distance-2 degree (the sum, over the column's
  /// rows, of the other columns in that row), ties by lower index. The usual
  /// "largest first" ordering, which tends to need fewer colors.
  LargestFirst,
};

/// Colors of the columns, 0..numColors-1.
struct ColumnColoring {
  /// The color of each column.
  std::vector<int> colors;
  /// Number of colors used.
  int numColors = 0;
};

/// Colors the columns (variables) of `pattern` so that no two columns sharing
/// a row (equation) get the same color. Time O(sum over rows of degree^2),
/// the size of the column intersection graph, which is near-linear for
/// bounded row degrees; deterministic.
ColumnColoring
colorColumns(const BipartiteGraph &pattern,
             ColumnOrderingKind ordering = ColumnOrderingKind::LargestFirst);

/// Whether `colors` gives different colors to any two columns sharing a row
/// of `pattern`. O(E).
bool isValidColumnColoring(const BipartiteGraph &pattern,
                           std::span<const int> colors);

} // namespace mocc::structural
