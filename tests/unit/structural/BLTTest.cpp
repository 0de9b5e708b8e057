// Tests of the BLT ordering: the exact blocks and their order.
#include "compiler/structural/BLT.h"

#include <doctest/doctest.h>

using namespace mocc::structural;

namespace {
std::vector<int> toVector(std::span<const int> s) {
  return {s.begin(), s.end()};
}

Matching matchingOf(int numVars, const std::vector<int> &eqToVar) {
  Matching m(static_cast<int>(eqToVar.size()), numVars);
  for (int eq = 0; eq < static_cast<int>(eqToVar.size()); ++eq)
    if (eqToVar[eq] >= 0)
      m.match(eq, eqToVar[eq]);
  return m;
}
} // namespace

TEST_CASE("blocks come in evaluation order") {
  // e2 gives x0; {e3, e4} give {x1, x2} together using x0; {e0, e1} give
  // {x3, x4} together using x2.
  BipartiteGraph g =
      BipartiteGraph::fromRows(5, {{2, 3, 4}, {3, 4}, {0}, {0, 1, 2}, {1, 2}});
  Matching m = matchingOf(5, {3, 4, 0, 1, 2});
  BlockOrder blt = computeBlockOrder(g, m);
  REQUIRE(blt.numBlocks() == 3);
  CHECK(toVector(blt.equations(0)) == std::vector<int>{2});
  CHECK(toVector(blt.variables(0)) == std::vector<int>{0});
  CHECK(toVector(blt.equations(1)) == std::vector<int>{3, 4});
  CHECK(toVector(blt.variables(1)) == std::vector<int>{1, 2});
  CHECK(toVector(blt.equations(2)) == std::vector<int>{0, 1});
  CHECK(toVector(blt.variables(2)) == std::vector<int>{3, 4});
  CHECK(blt.blockOf(0) == 2);
  CHECK(blt.blockOf(2) == 0);
  CHECK(blt.blockOf(4) == 1);
}

TEST_CASE("independent equations keep index order") {
  BipartiteGraph g = BipartiteGraph::fromRows(3, {{2}, {1}, {0}});
  Matching m = matchingOf(3, {2, 1, 0});
  BlockOrder blt = computeBlockOrder(g, m);
  REQUIRE(blt.numBlocks() == 3);
  for (int b = 0; b < 3; ++b)
    CHECK(toVector(blt.equations(b)) == std::vector<int>{b});
}

TEST_CASE("partial problem: known variables create no dependency") {
  // x0 is a state (known). e2 gives x1 from x0, e1 gives x2 from x1, and e0
  // (unmatched: a residual) reads x0 and x2.
  BipartiteGraph g = BipartiteGraph::fromRows(3, {{0, 2}, {1, 2}, {0, 1}});
  Matching m = matchingOf(3, {-1, 2, 1});
  std::vector<char> known = {1, 0, 0};
  BlockOrder blt = computeBlockOrder(g, m, known);
  REQUIRE(blt.numBlocks() == 3);
  CHECK(toVector(blt.equations(0)) == std::vector<int>{2});
  CHECK(toVector(blt.variables(0)) == std::vector<int>{1});
  CHECK(toVector(blt.equations(1)) == std::vector<int>{1});
  CHECK(toVector(blt.equations(2)) == std::vector<int>{0});
  CHECK(toVector(blt.variables(2)) == std::vector<int>{-1});
}

TEST_CASE("a known variable breaks an algebraic loop") {
  // e0 = {x0, x1} -> x0, e1 = {x0, x1} -> x1: one block of two. With x0
  // declared known, e1 no longer reads anything computed by e0, while e0
  // still reads x1 from e1.
  BipartiteGraph g = BipartiteGraph::fromRows(2, {{0, 1}, {0, 1}});
  Matching m = matchingOf(2, {0, 1});
  BlockOrder loop = computeBlockOrder(g, m);
  REQUIRE(loop.numBlocks() == 1);
  CHECK(toVector(loop.equations(0)) == std::vector<int>{0, 1});
  std::vector<char> known = {1, 0};
  BlockOrder split = computeBlockOrder(g, m, known);
  REQUIRE(split.numBlocks() == 2);
  CHECK(toVector(split.equations(0)) == std::vector<int>{1});
  CHECK(toVector(split.equations(1)) == std::vector<int>{0});
}

TEST_CASE("sources first: blocks that read no other block move ahead, in order") {
  // Two states' start values (e1: x0, e3: x1) and their derivatives (e0:
  // x2 from x0 and x1, e2: x3 from x1), then e4: x4 from the parameter-like
  // known x5 alone, and e5: x6 from x2. Tarjan's order interleaves them.
  BipartiteGraph g = BipartiteGraph::fromRows(7, {{0, 1, 2}, {0}, {1, 3}, {1}, {4, 5}, {2, 6}});
  Matching m = matchingOf(7, {2, 0, 3, 1, 4, 6});
  std::vector<char> known(7, 0);
  known[5] = 1;
  BlockOrder blt = computeBlockOrder(g, m, known);
  REQUIRE(blt.numBlocks() == 6);
  std::vector<int> tarjan, sorted;
  for (int b = 0; b < blt.numBlocks(); ++b)
    tarjan.push_back(blt.equations(b)[0]);
  CHECK(tarjan == std::vector<int>{1, 3, 0, 2, 4, 5});
  for (int b : sourcesFirst(blt, g, m, known))
    sorted.push_back(blt.equations(b)[0]);
  CHECK(sorted == std::vector<int>{1, 3, 4, 0, 2, 5});
  // Without the known variable's mark, x5 is unmatched: still no block's.
  BlockOrder plain = computeBlockOrder(g, m);
  sorted.clear();
  for (int b : sourcesFirst(plain, g, m))
    sorted.push_back(plain.equations(b)[0]);
  CHECK(sorted == std::vector<int>{1, 3, 4, 0, 2, 5});
}

TEST_CASE("sources first: an algebraic loop is one block and a source if it reads no other") {
  // {e0, e1} solve {x0, x1} together and read nothing else; e2 reads x1.
  BipartiteGraph g = BipartiteGraph::fromRows(3, {{0, 1}, {0, 1}, {1, 2}});
  Matching m = matchingOf(3, {0, 1, 2});
  BlockOrder blt = computeBlockOrder(g, m);
  REQUIRE(blt.numBlocks() == 2);
  CHECK(sourcesFirst(blt, g, m) == std::vector<int>{0, 1});
}
