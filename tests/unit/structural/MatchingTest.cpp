// Tests of maximum matching (Hopcroft–Karp) and of the single-source
// augmenting-path search (MC21 / Pantelides' AUGMENTPATH): exact matchings on
// tiny graphs, constraints and priorities, the visited (coloured) sets.
#include "compiler/structural/Matching.h"

#include <doctest/doctest.h>

using namespace mocc::structural;

TEST_CASE("Hopcroft-Karp repairs a greedy start through an augmenting path") {
  // Greedy gives e0-x0, e2-x1 and leaves e1 unmatched; the path
  // e1-x0-e0-x1-e2-x2 fixes it.
  BipartiteGraph g = BipartiteGraph::fromRows(3, {{0, 1}, {0}, {1, 2}});
  Matching m = computeMaximumMatching(g);
  CHECK(m.eqToVar == std::vector<int>{1, 0, 2});
  CHECK(m.varToEq == std::vector<int>{1, 0, 2});
  CHECK(m.isPerfect());
  CHECK(m.size() == 3);
}

TEST_CASE("maximum matching of an unbalanced system") {
  // Three equations in two variables: one equation stays unmatched.
  BipartiteGraph g = BipartiteGraph::fromRows(2, {{0}, {0, 1}, {1}});
  Matching m = computeMaximumMatching(g);
  CHECK(m.eqToVar == std::vector<int>{0, 1, -1});
  CHECK(m.varToEq == std::vector<int>{0, 1});
  CHECK(m.size() == 2);
  CHECK_FALSE(m.isPerfect());
}

TEST_CASE("variable priorities choose among maximum matchings") {
  BipartiteGraph g = BipartiteGraph::fromRows(2, {{0, 1}, {0, 1}});
  CHECK(computeMaximumMatching(g).eqToVar == std::vector<int>{0, 1});
  MatchingConstraints preferX1;
  preferX1.varPriority = {0, 1};
  CHECK(computeMaximumMatching(g, preferX1).eqToVar == std::vector<int>{1, 0});
}

TEST_CASE("disallowed edges are never matched") {
  // e1 cannot be solved for x0, e0 for nothing but x0.
  BipartiteGraph g = BipartiteGraph::fromRows(2, {{0, 1}, {0, 1}});
  MatchingConstraints c;
  c.isAllowed = [](int eq, int var) { return !(eq == 1 && var == 0); };
  Matching m = computeMaximumMatching(g, c);
  CHECK(m.eqToVar == std::vector<int>{0, 1});

  c.isAllowed = [](int eq, int var) { return var == 0; };
  m = computeMaximumMatching(g, c);
  CHECK(m.eqToVar == std::vector<int>{0, -1});
  CHECK(m.varToEq == std::vector<int>{0, -1});

  // Extending the restricted matching with all edges keeps e0-x0 matched and
  // completes it.
  Matching full = computeMaximumMatching(g, {}, m);
  CHECK(full.eqToVar == std::vector<int>{0, 1});
}

TEST_CASE("extension keeps every matched vertex matched") {
  // Start from e0-x1; e1 only has x1, so the path e1-x1-e0-x0 re-routes e0.
  BipartiteGraph g = BipartiteGraph::fromRows(2, {{0, 1}, {1}});
  Matching start(2, 2);
  start.match(0, 1);
  Matching m = computeMaximumMatching(g, {}, start);
  CHECK(m.eqToVar == std::vector<int>{0, 1});
}

TEST_CASE("augmenting-path search: lookahead, flip, coloured sets") {
  BipartiteGraph g = BipartiteGraph::fromRows(3, {{0}, {0, 1}, {1}, {0, 1}});
  std::vector<int> eqToVar(4, -1), varToEq(3, -1);
  AugmentingPathSearch search;
  // e0 takes x0 by lookahead.
  CHECK(search.run(g, eqToVar, varToEq, 0));
  CHECK(eqToVar[0] == 0);
  // e2 takes x1.
  CHECK(search.run(g, eqToVar, varToEq, 2));
  // e1: x0 and x1 are taken, e0 and e2 have nowhere else to go.
  CHECK_FALSE(search.run(g, eqToVar, varToEq, 1));
  CHECK(std::vector<int>(search.visitedRows().begin(),
                         search.visitedRows().end()) ==
        std::vector<int>{1, 0, 2});
  CHECK(std::vector<int>(search.visitedColumns().begin(),
                         search.visitedColumns().end()) ==
        std::vector<int>{0, 1});
  CHECK(eqToVar == std::vector<int>{0, -1, 1, -1});
}

TEST_CASE(
    "augmenting-path search follows a path and respects allowed columns") {
  // e0-x0 matched; e1 = {x0, x2} with x2 not allowed; e0 = {x0, x1}.
  BipartiteGraph g = BipartiteGraph::fromRows(3, {{0, 1}, {0, 2}});
  std::vector<int> eqToVar = {0, -1}, varToEq = {0, -1, -1};
  std::vector<char> allowed = {1, 1, 0};
  AugmentingPathSearch search;
  CHECK(search.run(g, eqToVar, varToEq, 1, allowed));
  CHECK(eqToVar == std::vector<int>{1, 0});
  CHECK(varToEq == std::vector<int>{1, 0, -1});
}

TEST_CASE("skipping dead columns gives the same answers") {
  // Rows 0..2 compete for column 0; row 3 can use column 1.
  BipartiteGraph g = BipartiteGraph::fromRows(2, {{0}, {0}, {0}, {0, 1}});
  for (bool skip : {false, true}) {
    std::vector<int> rowMate(4, -1), colMate(2, -1);
    AugmentingPathSearch search;
    search.setSkipDeadColumns(skip);
    CHECK(search.run(g, rowMate, colMate, 0));
    CHECK_FALSE(search.run(g, rowMate, colMate, 1));
    CHECK_FALSE(search.run(g, rowMate, colMate, 2));
    CHECK(search.run(g, rowMate, colMate, 3));
    CHECK(rowMate == std::vector<int>{0, -1, -1, 1});
  }
}
