// Scale tests: graphs of 10^6 equations whose augmenting paths, dependency
// chains and components are 10^6 long. They check that nothing recurses and
// that the results are right; timings are printed, not asserted.
#include "compiler/structural/BLT.h"
#include "compiler/structural/Coloring.h"
#include "compiler/structural/Diagnosis.h"
#include "compiler/structural/DummyDerivatives.h"
#include "compiler/structural/Matching.h"
#include "compiler/structural/Pantelides.h"

#include "PolynomialDae.h"

#include <doctest/doctest.h>

#include <chrono>
#include <string>

using namespace mocc::structural;

namespace {
constexpr int N = 1'000'000;

/// Runs `f` and prints how long it took.
template <typename F> auto timed(const std::string &what, F &&f) {
  auto start = std::chrono::steady_clock::now();
  auto result = f();
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  MESSAGE(what << ": " << ms << " ms");
  return result;
}

/// e_i = {x_i, x_{i+1}} for i < n-1 and e_{n-1} = {x_0}. The greedy start
/// matches e_i to x_i and leaves e_{n-1} unmatched: the only augmenting path
/// runs through the whole chain.
BipartiteGraph longPathChain(int n) {
  std::vector<Edge> edges;
  edges.reserve(2 * static_cast<std::size_t>(n));
  for (int i = 0; i + 1 < n; ++i) {
    edges.push_back({i, i});
    edges.push_back({i, i + 1});
  }
  edges.push_back({n - 1, 0});
  return BipartiteGraph::fromEdges(n, n, edges);
}
} // namespace

TEST_CASE("chain of 10^6 equations: one augmenting path of length 10^6") {
  BipartiteGraph g = timed("build", [] { return longPathChain(N); });
  Matching m = timed("matching", [&] { return computeMaximumMatching(g); });
  REQUIRE(m.isPerfect());
  CHECK(m.eqToVar[N - 1] == 0);
  bool shifted = true;
  for (int i = 0; i + 1 < N; ++i)
    shifted = shifted && m.eqToVar[i] == i + 1;
  CHECK(shifted);

  // e_{n-1} gives x0, then each e_i gives x_{i+1} from x_i: N blocks in a
  // dependency chain of depth N.
  BlockOrder blt = timed("BLT", [&] { return computeBlockOrder(g, m); });
  REQUIRE(blt.numBlocks() == N);
  CHECK(blt.equations(0)[0] == N - 1);
  bool ordered = true;
  for (int b = 1; b < N; ++b)
    ordered = ordered && blt.equations(b).size() == 1 &&
              blt.equations(b)[0] == b - 1 && blt.variables(b)[0] == b;
  CHECK(ordered);
}

TEST_CASE("cycle of 10^6 equations: one strongly connected block") {
  std::vector<Edge> edges;
  for (int i = 0; i < N; ++i) {
    edges.push_back({i, i});
    edges.push_back({i, (i + 1) % N});
  }
  BipartiteGraph g = BipartiteGraph::fromEdges(N, N, edges);
  Matching m = timed("matching", [&] { return computeMaximumMatching(g); });
  REQUIRE(m.isPerfect());
  BlockOrder blt = timed("BLT", [&] { return computeBlockOrder(g, m); });
  REQUIRE(blt.numBlocks() == 1);
  CHECK(blt.equations(0).size() == static_cast<std::size_t>(N));
}

TEST_CASE("Dulmage-Mendelsohn on a 10^6 over-determined chain") {
  // The long-path chain plus one more equation in x_{n-1}: every equation
  // is in the over-determined part.
  std::vector<Edge> edges;
  for (int i = 0; i + 1 < N; ++i) {
    edges.push_back({i, i});
    edges.push_back({i, i + 1});
  }
  edges.push_back({N - 1, 0});
  edges.push_back({N, N - 1});
  BipartiteGraph g = BipartiteGraph::fromEdges(N + 1, N, edges);
  Matching m = timed("matching", [&] { return computeMaximumMatching(g); });
  CHECK(m.size() == N);
  DulmageMendelsohn dm = timed("Dulmage-Mendelsohn",
                               [&] { return computeDulmageMendelsohn(g, m); });
  CHECK(dm.overEquations.size() == static_cast<std::size_t>(N + 1));
  CHECK(dm.overVariables.size() == static_cast<std::size_t>(N));
  CHECK(dm.underVariables.empty());
  CHECK(dm.wellEquations.empty());
}

TEST_CASE("coloring a 10^6 tridiagonal pattern") {
  std::vector<Edge> edges;
  for (int i = 0; i < N; ++i)
    for (int j = std::max(0, i - 1); j <= std::min(N - 1, i + 1); ++j)
      edges.push_back({i, j});
  BipartiteGraph g = BipartiteGraph::fromEdges(N, N, edges);
  ColumnColoring c = timed("coloring", [&] { return colorColumns(g); });
  CHECK(c.numColors == 3);
  CHECK(isValidColumnColoring(g, c.colors));
}

namespace {
/// `n` uncoupled Cartesian pendulums: 5n equations, 9n variables.
test::PolynomialDae manyPendulums(int n) {
  test::PolynomialDae p;
  for (int i = 0; i < n; ++i) {
    int x = p.var("x"), y = p.var("y"), vx = p.var("vx"), vy = p.var("vy");
    int f = p.var("F");
    int dx = p.der(x), dy = p.der(y), dvx = p.der(vx), dvy = p.der(vy);
    p.equation({{dx}, {vx}});
    p.equation({{dy}, {vy}});
    p.equation({{dvx}, {f, x}});
    p.equation({{dvy}, {f, y}, {}});
    p.equation({{x, x}, {y, y}, {}});
  }
  return p;
}

/// Pantelides then dummy derivatives on `model`; checks the counts.
void reduceAndCheck(test::PolynomialDae &model, const std::string &label,
                    std::size_t expectedStates) {
  DaeStructure dae = model.structure();
  int originalEqs = dae.numEquations();
  PantelidesResult r =
      timed(label + ": Pantelides", [&] { return runPantelides(dae, model); });
  REQUIRE(r.status == PantelidesStatusKind::Success);
  CHECK(r.matching.size() == originalEqs);
  DummyDerivativeResult s = timed(label + ": dummy derivatives",
                                  [&] { return selectDummyDerivatives(dae); });
  REQUIRE(s.status == DummyDerivativeStatusKind::Success);
  CHECK(s.states.size() == expectedStates);
  CHECK(static_cast<int>(s.dummyDerivatives.size()) ==
        dae.numEquations() - originalEqs);
}
} // namespace

TEST_CASE("index reduction of 10^5 independent pendulums") {
  const int n = 100'000;
  test::PolynomialDae model = manyPendulums(n);
  reduceAndCheck(model, "10^5 pendulums", 2 * static_cast<std::size_t>(n));
}

TEST_CASE("index reduction of a chain of 10^4 rigid links") {
  const int n = 10'000;
  test::PolynomialDae model = test::pendulumChain(n);
  reduceAndCheck(model, "10^4-link chain", 2 * static_cast<std::size_t>(n));
}
