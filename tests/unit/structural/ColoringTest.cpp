// Tests of the column coloring: valid colorings with the expected number of
// colors on patterns whose chromatic number is known.
#include "compiler/structural/Coloring.h"

#include <doctest/doctest.h>

using namespace mocc::structural;

namespace {
/// The n x n pattern with nonzeros at |i - j| <= halfWidth.
BipartiteGraph banded(int n, int halfWidth) {
  std::vector<Edge> edges;
  for (int i = 0; i < n; ++i)
    for (int j = std::max(0, i - halfWidth);
         j <= std::min(n - 1, i + halfWidth); ++j)
      edges.push_back({i, j});
  return BipartiteGraph::fromEdges(n, n, edges);
}
} // namespace

TEST_CASE("diagonal pattern needs one color") {
  ColumnColoring c = colorColumns(banded(6, 0));
  CHECK(c.numColors == 1);
  CHECK(isValidColumnColoring(banded(6, 0), c.colors));
}

TEST_CASE("tridiagonal pattern needs three colors") {
  for (auto ordering :
       {ColumnOrderingKind::Natural, ColumnOrderingKind::LargestFirst}) {
    BipartiteGraph g = banded(10, 1);
    ColumnColoring c = colorColumns(g, ordering);
    CHECK(c.numColors == 3);
    CHECK(isValidColumnColoring(g, c.colors));
  }
  ColumnColoring natural =
      colorColumns(banded(7, 1), ColumnOrderingKind::Natural);
  CHECK(natural.colors == std::vector<int>{0, 1, 2, 0, 1, 2, 0});
}

TEST_CASE("pentadiagonal pattern needs five colors") {
  BipartiteGraph g = banded(20, 2);
  ColumnColoring c = colorColumns(g);
  CHECK(c.numColors == 5);
  CHECK(isValidColumnColoring(g, c.colors));
}

TEST_CASE("a dense row forces one color per column") {
  // Arrow pattern: diagonal plus a full last row.
  std::vector<Edge> edges;
  for (int i = 0; i < 5; ++i) {
    edges.push_back({i, i});
    edges.push_back({4, i});
  }
  BipartiteGraph g = BipartiteGraph::fromEdges(5, 5, edges);
  ColumnColoring c = colorColumns(g);
  CHECK(c.numColors == 5);
  CHECK(isValidColumnColoring(g, c.colors));
}

TEST_CASE("block-diagonal pattern: colors are reused across blocks") {
  // Three dense 2x2 blocks need 2 colors.
  std::vector<Edge> edges;
  for (int b = 0; b < 3; ++b)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j)
        edges.push_back({2 * b + i, 2 * b + j});
  BipartiteGraph g = BipartiteGraph::fromEdges(6, 6, edges);
  ColumnColoring c = colorColumns(g);
  CHECK(c.numColors == 2);
  CHECK(isValidColumnColoring(g, c.colors));
}

TEST_CASE("invalid colorings are detected") {
  BipartiteGraph g = banded(4, 1);
  CHECK_FALSE(isValidColumnColoring(g, std::vector<int>{0, 1, 0, 1}));
  CHECK_FALSE(isValidColumnColoring(g, std::vector<int>{0, 1, 2}));
  CHECK(isValidColumnColoring(g, std::vector<int>{0, 1, 2, 0}));
}
