// Greedy partial distance-2 column coloring (Gebremedhin, Manne and Pothen
// 2005): each column in turn takes the smallest color not
// used by a column it shares a row with. Forbidden colors are marked with the
// current column's id, so the mark array never needs clearing.
#include "compiler/structural/Coloring.h"

#include <algorithm>
#include <cassert>
#include <numeric>

namespace mocc::structural {

namespace {

/// Columns in the requested order.
std::vector<int> orderColumns(const BipartiteGraph &pattern,
                              const BipartiteGraph &columnRows,
                              ColumnOrderingKind ordering) {
  std::vector<int> order(pattern.numVariables());
  std::iota(order.begin(), order.end(), 0);
  if (ordering == ColumnOrderingKind::Natural)
    return order;
  // Largest first on the distance-2 degree bound; computing the exact
  // distance-2 degree would cost as much as the coloring itself.
  std::vector<std::size_t> degree(pattern.numVariables(), 0);
  for (int col = 0; col < pattern.numVariables(); ++col)
    for (int row : columnRows.neighbors(col))
      degree[col] += static_cast<std::size_t>(pattern.degree(row) - 1);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return degree[a] > degree[b]; });
  return order;
}

} // namespace

ColumnColoring colorColumns(const BipartiteGraph &pattern,
                            ColumnOrderingKind ordering) {
  BipartiteGraph columnRows = pattern.transpose();
  ColumnColoring result;
  result.colors.assign(pattern.numVariables(), -1);
  // forbiddenBy[c] == col: color c is used by a neighbour of column col.
  std::vector<int> forbiddenBy(pattern.numVariables() + 1, -1);
  for (int col : orderColumns(pattern, columnRows, ordering)) {
    // Step 1: forbid the colors of every column sharing a row with `col`.
    for (int row : columnRows.neighbors(col))
      for (int other : pattern.variables(row))
        if (result.colors[other] >= 0)
          forbiddenBy[result.colors[other]] = col;
    // Step 2: take the smallest color left.
    int color = 0;
    while (forbiddenBy[color] == col)
      ++color;
    result.colors[col] = color;
    result.numColors = std::max(result.numColors, color + 1);
  }
  return result;
}

bool isValidColumnColoring(const BipartiteGraph &pattern,
                           std::span<const int> colors) {
  if (static_cast<int>(colors.size()) != pattern.numVariables())
    return false;
  // seenInRow[c] == row: color c already occurs in `row`.
  int maxColor =
      colors.empty() ? 0 : *std::max_element(colors.begin(), colors.end());
  std::vector<int> seenInRow(static_cast<std::size_t>(maxColor) + 1, -1);
  for (int row = 0; row < pattern.numEquations(); ++row) {
    for (int col : pattern.variables(row)) {
      int color = colors[col];
      if (color < 0 || seenInRow[color] == row)
        return false;
      seenInRow[color] = row;
    }
  }
  return std::all_of(colors.begin(), colors.end(),
                     [](int c) { return c >= 0; });
}

} // namespace mocc::structural
