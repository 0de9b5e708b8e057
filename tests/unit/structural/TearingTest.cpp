// Tests of Cellier's tearing heuristic on hand-made blocks: the exact tearing
// variables, assignment order and residuals; forced (known) variables;
// equations that cannot be solved for a variable; the invariants of the
// result on random blocks; and a long loop.
#include "compiler/structural/Tearing.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>

using namespace mocc::structural;
using Ints = std::vector<int>;
using Pairs = std::vector<std::pair<int, int>>;

namespace {
/// All edges solvable.
std::vector<char> allSolvable(const BipartiteGraph &g) {
  return std::vector<char>(g.numEdges(), 1);
}

/// Solvability per edge from a list of unsolvable (equation, variable) pairs.
std::vector<char> solvableExcept(const BipartiteGraph &g, const Pairs &not_) {
  std::vector<char> out;
  for (int eq = 0; eq < g.numEquations(); ++eq)
    for (int var : g.variables(eq))
      out.push_back(std::find(not_.begin(), not_.end(), std::pair{eq, var}) ==
                    not_.end());
  return out;
}
} // namespace

TEST_CASE("a loop of three equations is torn at one variable") {
  // e0: a + b = 1, e1: b - c = 0, e2: c + a = 2. Every variable occurs twice,
  // in equations with two unknowns: the tie goes to a.
  auto g = BipartiteGraph::fromRows(3, {{0, 1}, {1, 2}, {0, 2}});
  TearingResult r = tearBlock(g, allSolvable(g));
  CHECK(r.tearVariables == Ints{0});
  CHECK(r.assignments == Pairs{{0, 1}, {2, 2}});
  CHECK(r.residualEquations == Ints{1});
}

TEST_CASE("the most frequent variable is torn first") {
  // A star: e_i = {h, x_i} for i < 3 and e3 = {x0, x1, x2}; h occurs three
  // times. Tearing h makes x0..x2 explicit; e3 is the residual.
  auto g = BipartiteGraph::fromRows(4, {{0, 1}, {0, 2}, {0, 3}, {1, 2, 3}});
  TearingResult r = tearBlock(g, allSolvable(g));
  CHECK(r.tearVariables == Ints{0});
  CHECK(r.assignments == Pairs{{0, 1}, {1, 2}, {2, 3}});
  CHECK(r.residualEquations == Ints{3});
}

TEST_CASE("an equation is only used for a variable it can be solved for") {
  // e0: a * b = 1 (solvable for neither), e1: a + b = 3.
  auto g = BipartiteGraph::fromRows(2, {{0, 1}, {0, 1}});
  TearingResult r = tearBlock(g, solvableExcept(g, {{0, 0}, {0, 1}}));
  CHECK(r.tearVariables == Ints{0});
  CHECK(r.assignments == Pairs{{1, 1}});
  CHECK(r.residualEquations == Ints{0});
}

TEST_CASE("forced variables are known and never assigned") {
  // The pendulum's acceleration level with der(vx) (variable 0) known from
  // IDA: e0: der(vx) = -F x (F = 1, not solvable: coefficient x),
  // e1: ddx = der(vx) (ddx = 2), e2: der(vy) = -F y - g (vy' = 3),
  // e3: ddy = der(vy) (ddy = 4), e4: 2x ddx + 2y ddy + ... = 0 (not
  // solvable for ddx or ddy).
  auto g = BipartiteGraph::fromRows(
      5, {{0, 1}, {0, 2}, {1, 3}, {3, 4}, {2, 4}});
  std::vector<char> forced = {1, 0, 0, 0, 0};
  TearingResult r =
      tearBlock(g, solvableExcept(g, {{0, 1}, {2, 1}, {4, 2}, {4, 4}}), forced);
  // ddx from e1 at once; then F is torn (it occurs twice, like vy' and ddy,
  // and comes first), which makes vy' and ddy explicit.
  CHECK(r.tearVariables == Ints{1});
  CHECK(r.assignments == Pairs{{1, 2}, {2, 3}, {3, 4}});
  CHECK(r.residualEquations == Ints{0, 4});
}

TEST_CASE("invariants of tearing on random blocks") {
  std::mt19937 rng(12345);
  for (int trial = 0; trial < 200; ++trial) {
    int n = 2 + static_cast<int>(rng() % 30);
    // A planted perfect matching e_i - x_perm[i] plus random edges.
    Ints perm(n);
    for (int i = 0; i < n; ++i)
      perm[i] = i;
    std::shuffle(perm.begin(), perm.end(), rng);
    std::vector<std::vector<int>> rows(n);
    for (int i = 0; i < n; ++i) {
      rows[i].push_back(perm[i]);
      for (int k = 0; k < 3; ++k)
        rows[i].push_back(static_cast<int>(rng() % n));
      std::sort(rows[i].begin(), rows[i].end());
      rows[i].erase(std::unique(rows[i].begin(), rows[i].end()), rows[i].end());
    }
    auto g = BipartiteGraph::fromRows(n, rows);
    std::vector<char> solvable(g.numEdges());
    for (char &s : solvable)
      s = rng() % 4 != 0;
    std::vector<char> forced(n);
    for (char &f : forced)
      f = rng() % 8 == 0;
    TearingResult r = tearBlock(g, solvable, forced);
    // Each variable is exactly one of forced, torn, assigned.
    std::vector<int> role(n, 0);
    for (int v = 0; v < n; ++v)
      role[v] += forced[v];
    for (int v : r.tearVariables)
      role[v] += 1;
    std::vector<char> known(forced.begin(), forced.end());
    for (int v : r.tearVariables)
      known[v] = 1;
    std::vector<char> usedEq(n, 0);
    bool ordered = true, solvableOnly = true;
    for (auto [eq, var] : r.assignments) {
      role[var] += 1;
      usedEq[eq] += 1;
      auto vars = g.variables(eq);
      for (std::size_t k = 0; k < vars.size(); ++k) {
        if (vars[k] == var)
          solvableOnly &= solvable[g.rowStarts()[eq] + k] != 0;
        else
          ordered &= known[vars[k]] != 0;
      }
      known[var] = 1;
    }
    CHECK(std::all_of(role.begin(), role.end(), [](int x) { return x == 1; }));
    CHECK(ordered);
    CHECK(solvableOnly);
    int numForced = static_cast<int>(std::count(forced.begin(), forced.end(), 1));
    CHECK(r.residualEquations.size() == r.tearVariables.size() + numForced);
    for (int eq : r.residualEquations)
      CHECK(usedEq[eq] == 0);
  }
}

TEST_CASE("a loop of 10^5 equations needs one tearing variable") {
  const int n = 100000;
  std::vector<std::vector<int>> rows(n);
  for (int i = 0; i < n; ++i)
    rows[i] = {i, (i + 1) % n};
  for (auto &row : rows)
    std::sort(row.begin(), row.end());
  auto g = BipartiteGraph::fromRows(n, rows);
  TearingResult r = tearBlock(g, std::vector<char>(g.numEdges(), 1));
  CHECK(r.tearVariables.size() == 1);
  CHECK(r.assignments.size() == static_cast<std::size_t>(n - 1));
  CHECK(r.residualEquations.size() == 1);
}

TEST_CASE("a preferred variable is torn before the most frequent one") {
  // The star of the previous test with x2 preferred (it has a start value):
  // it is torn first; then h still has to be torn, x0 and x1 follow.
  auto g = BipartiteGraph::fromRows(4, {{0, 1}, {0, 2}, {0, 3}, {1, 2, 3}});
  std::vector<char> preferred{0, 0, 0, 1};
  TearingResult r = tearBlock(g, allSolvable(g), {}, preferred);
  REQUIRE(!r.tearVariables.empty());
  CHECK(r.tearVariables.front() == 3);
  CHECK(r.tearVariables.size() + r.assignments.size() == 4);
  CHECK(r.residualEquations.size() == r.tearVariables.size());
}
