// Tests of the Dulmage–Mendelsohn decomposition: the exact over-, under- and
// well-determined sets, independent of the maximum matching given.
#include "compiler/structural/Diagnosis.h"

#include <doctest/doctest.h>

using namespace mocc::structural;

namespace {
using Ints = std::vector<int>;

// e0: x0, e1: x0 (two equations for x0), e2: x1 + x2 (one equation for two
// variables), e3: x3 (fine), e4: x0, x4 (fine once x0 is known).
BipartiteGraph singularSystem() {
  return BipartiteGraph::fromRows(5, {{0}, {0}, {1, 2}, {3}, {0, 4}});
}
} // namespace

TEST_CASE("over-, under- and well-determined parts") {
  BipartiteGraph g = singularSystem();
  Matching m = computeMaximumMatching(g);
  CHECK(m.eqToVar == Ints{0, -1, 1, 3, 4});
  DulmageMendelsohn dm = computeDulmageMendelsohn(g, m);
  CHECK(dm.overEquations == Ints{0, 1});
  CHECK(dm.overVariables == Ints{0});
  CHECK(dm.underEquations == Ints{2});
  CHECK(dm.underVariables == Ints{1, 2});
  CHECK(dm.wellEquations == Ints{3, 4});
  CHECK(dm.wellVariables == Ints{3, 4});
  CHECK(dm.unmatchedEquations == Ints{1});
  CHECK(dm.unmatchedVariables == Ints{2});
  CHECK_FALSE(dm.isWellDetermined());
}

TEST_CASE("the decomposition does not depend on the maximum matching") {
  BipartiteGraph g = singularSystem();
  Matching m(5, 5);
  m.match(1, 0);
  m.match(2, 2);
  m.match(3, 3);
  m.match(4, 4);
  DulmageMendelsohn dm = computeDulmageMendelsohn(g, m);
  CHECK(dm.overEquations == Ints{0, 1});
  CHECK(dm.overVariables == Ints{0});
  CHECK(dm.underEquations == Ints{2});
  CHECK(dm.underVariables == Ints{1, 2});
  CHECK(dm.wellEquations == Ints{3, 4});
  CHECK(dm.unmatchedEquations == Ints{0});
  CHECK(dm.unmatchedVariables == Ints{1});
}

TEST_CASE("an over-determined chain is reported whole") {
  // e0: x0, e1: x0 + x1, e2: x1, e3: x1 + x2... x0, x1 are determined by
  // e0, e1 and e2 is one too many; e3 is fine.
  BipartiteGraph g = BipartiteGraph::fromRows(3, {{0}, {0, 1}, {1}, {1, 2}});
  Matching m = computeMaximumMatching(g);
  DulmageMendelsohn dm = computeDulmageMendelsohn(g, m);
  CHECK(dm.overEquations == Ints{0, 1, 2});
  CHECK(dm.overVariables == Ints{0, 1});
  CHECK(dm.underEquations.empty());
  CHECK(dm.underVariables.empty());
  CHECK(dm.wellEquations == Ints{3});
  CHECK(dm.wellVariables == Ints{2});
}

TEST_CASE("a nonsingular system is well determined") {
  BipartiteGraph g = BipartiteGraph::fromRows(2, {{0, 1}, {1}});
  DulmageMendelsohn dm = computeDulmageMendelsohn(g, computeMaximumMatching(g));
  CHECK(dm.isWellDetermined());
  CHECK(dm.wellEquations == Ints{0, 1});
  CHECK(dm.wellVariables == Ints{0, 1});
}
