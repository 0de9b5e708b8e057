// Tests of the CSR incidence structure: construction, sorting, duplicate
// edges, growth and transposition.
#include "compiler/structural/BipartiteGraph.h"

#include <doctest/doctest.h>

#include <vector>

using namespace mocc::structural;

namespace {
std::vector<int> toVector(std::span<const int> s) {
  return {s.begin(), s.end()};
}
} // namespace

TEST_CASE("fromEdges sorts rows and merges duplicate edges") {
  std::vector<Edge> edges = {{1, 2}, {0, 1}, {1, 0}, {0, 1}, {2, 2}, {1, 2}};
  BipartiteGraph g = BipartiteGraph::fromEdges(3, 3, edges);
  CHECK(g.numEquations() == 3);
  CHECK(g.numVariables() == 3);
  CHECK(g.numEdges() == 4);
  CHECK(toVector(g.variables(0)) == std::vector<int>{1});
  CHECK(toVector(g.variables(1)) == std::vector<int>{0, 2});
  CHECK(toVector(g.variables(2)) == std::vector<int>{2});
  CHECK(g.contains(1, 2));
  CHECK_FALSE(g.contains(1, 1));
}

TEST_CASE("equations without edges and variables without equations") {
  std::vector<Edge> edges = {{2, 0}};
  BipartiteGraph g = BipartiteGraph::fromEdges(4, 3, edges);
  CHECK(g.degree(0) == 0);
  CHECK(g.degree(1) == 0);
  CHECK(toVector(g.variables(2)) == std::vector<int>{0});
  CHECK(g.degree(3) == 0);
  BipartiteGraph t = g.transpose();
  CHECK(t.numEquations() == 3);
  CHECK(t.numVariables() == 4);
  CHECK(toVector(t.neighbors(0)) == std::vector<int>{2});
  CHECK(t.degree(1) == 0);
  CHECK(t.degree(2) == 0);
}

TEST_CASE("addEquation and addVariable grow the graph") {
  BipartiteGraph g = BipartiteGraph::fromRows(2, {{1, 0}, {1}});
  CHECK(toVector(g.variables(0)) == std::vector<int>{0, 1});
  int v = g.addVariable();
  CHECK(v == 2);
  std::vector<int> row = {2, 0, 2};
  int e = g.addEquation(row);
  CHECK(e == 2);
  CHECK(toVector(g.variables(2)) == std::vector<int>{0, 2});
  BipartiteGraph t = g.transpose();
  CHECK(toVector(t.neighbors(0)) == std::vector<int>{0, 2});
  CHECK(toVector(t.neighbors(1)) == std::vector<int>{0, 1});
  CHECK(toVector(t.neighbors(2)) == std::vector<int>{2});
}
