// Property tests on random sparse graphs (a fixed-seed generator, so the
// runs are reproducible): Hopcroft–Karp finds as many pairs as repeated
// single-source searches, the Dulmage–Mendelsohn parts have the sizes the
// theory gives, every BLT block reads only earlier blocks or itself, and every
// coloring is valid.
#include "compiler/structural/BLT.h"
#include "compiler/structural/Coloring.h"
#include "compiler/structural/Diagnosis.h"
#include "compiler/structural/Matching.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <random>

using namespace mocc::structural;

namespace {
/// A random graph with about `degree` edges per equation.
BipartiteGraph randomGraph(std::mt19937 &rng, int numEqs, int numVars,
                           int degree) {
  std::uniform_int_distribution<int> pickVar(0, numVars - 1);
  std::uniform_int_distribution<int> pickDegree(0, degree);
  std::vector<Edge> edges;
  for (int eq = 0; eq < numEqs; ++eq)
    for (int k = pickDegree(rng); k > 0; --k)
      edges.push_back({eq, pickVar(rng)});
  return BipartiteGraph::fromEdges(numEqs, numVars, edges);
}

/// Maximum matching by one augmenting-path search per equation (MC21).
int sizeBySingleSearches(const BipartiteGraph &g) {
  std::vector<int> rowMate(g.numEquations(), -1), colMate(g.numVariables(), -1);
  AugmentingPathSearch search;
  int size = 0;
  for (int eq = 0; eq < g.numEquations(); ++eq)
    size += search.run(g, rowMate, colMate, eq) ? 1 : 0;
  return size;
}

bool isConsistent(const BipartiteGraph &g, const Matching &m) {
  for (int eq = 0; eq < g.numEquations(); ++eq) {
    int var = m.eqToVar[eq];
    if (var >= 0 && (m.varToEq[var] != eq || !g.contains(eq, var)))
      return false;
  }
  for (int var = 0; var < g.numVariables(); ++var)
    if (m.varToEq[var] >= 0 && m.eqToVar[m.varToEq[var]] != var)
      return false;
  return true;
}

/// Every equation reads only variables solved in its own or earlier blocks.
bool respectsOrder(const BipartiteGraph &g, const Matching &m,
                   const BlockOrder &blt) {
  for (int eq = 0; eq < g.numEquations(); ++eq)
    for (int var : g.variables(eq)) {
      int solver = m.varToEq[var];
      if (solver >= 0 && blt.blockOf(solver) > blt.blockOf(eq))
        return false;
    }
  return true;
}
} // namespace

TEST_CASE("random graphs: matching, decomposition, blocks, coloring") {
  std::mt19937 rng(12345);
  for (int round = 0; round < 300; ++round) {
    int numEqs = 1 + round % 40;
    int numVars = 1 + (round * 7) % 40;
    BipartiteGraph g = randomGraph(rng, numEqs, numVars, 1 + round % 4);
    Matching m = computeMaximumMatching(g);
    REQUIRE(isConsistent(g, m));
    CHECK(m.size() == sizeBySingleSearches(g));

    DulmageMendelsohn dm = computeDulmageMendelsohn(g, m);
    CHECK(dm.overEquations.size() ==
          dm.overVariables.size() + dm.unmatchedEquations.size());
    CHECK(dm.underVariables.size() ==
          dm.underEquations.size() + dm.unmatchedVariables.size());
    CHECK(dm.wellEquations.size() == dm.wellVariables.size());

    BlockOrder blt = computeBlockOrder(g, m);
    CHECK(respectsOrder(g, m, blt));

    ColumnColoring c = colorColumns(g);
    CHECK(isValidColumnColoring(g, c.colors));
  }
}
