// Tests of dummy-derivative state selection on the output of Pantelides'
// algorithm: the exact states and dummies, stateSelect priorities changing
// them, and that the resulting system is square and structurally nonsingular
// once the states are known.
#include "compiler/structural/DummyDerivatives.h"

#include "PolynomialDae.h"

#include <doctest/doctest.h>

using namespace mocc::structural;
using namespace mocc::structural::test;
using Ints = std::vector<int>;
using Names = std::vector<std::string>;

namespace {
/// Runs Pantelides then the dummy-derivative selection.
struct Reduced {
  PolynomialDae model;
  DaeStructure dae;
  DummyDerivativeResult selection;
};

Reduced reduce(PolynomialDae model, const Ints &priority = {}) {
  DaeStructure dae = model.structure();
  PantelidesResult r = runPantelides(dae, model);
  REQUIRE(r.status == PantelidesStatusKind::Success);
  DummyDerivativeResult s = selectDummyDerivatives(dae, priority);
  return {std::move(model), std::move(dae), std::move(s)};
}

/// With the states known, every equation must be solvable for one of the
/// remaining unknowns: a square system with a perfect matching.
bool isSquareAndNonsingular(const DaeStructure &dae,
                            const DummyDerivativeResult &s) {
  std::vector<char> isState(dae.numVariables(), 0);
  for (int v : s.states)
    isState[v] = 1;
  int unknowns = dae.numVariables() - static_cast<int>(s.states.size());
  if (unknowns != dae.numEquations())
    return false;
  MatchingConstraints c;
  c.isAllowed = [&](int, int var) { return !isState[var]; };
  return computeMaximumMatching(dae.graph, c).size() == unknowns;
}

Ints priorities(
    const PolynomialDae &p,
    std::initializer_list<std::pair<const char *, StateSelectKind>> choices) {
  Ints out(p.names.size(), 0);
  for (auto [name, kind] : choices)
    out[p.idOf(name)] = statePriority(kind);
  return out;
}
} // namespace

TEST_CASE("pendulum: one position and one velocity are states") {
  Reduced r = reduce(pendulum());
  REQUIRE(r.selection.status == DummyDerivativeStatusKind::Success);
  CHECK(r.model.namesOf(r.selection.states) == Names{"x", "vx"});
  CHECK(r.model.namesOf(r.selection.dummyDerivatives) ==
        Names{"der(y)", "der(vy)", "der(der(x))", "der(der(y))"});
  // As many dummies as differentiated equations.
  CHECK(r.selection.dummyDerivatives.size() == 4);
  CHECK(isSquareAndNonsingular(r.dae, r.selection));
}

TEST_CASE("pendulum: stateSelect prefer moves the states to y, vy") {
  PolynomialDae p = pendulum();
  Ints priority = priorities(
      p, {{"y", StateSelectKind::Prefer}, {"vy", StateSelectKind::Prefer}});
  Reduced r = reduce(std::move(p), priority);
  REQUIRE(r.selection.status == DummyDerivativeStatusKind::Success);
  CHECK(r.model.namesOf(r.selection.states) == Names{"y", "vy"});
  CHECK(r.model.namesOf(r.selection.dummyDerivatives) ==
        Names{"der(x)", "der(vx)", "der(der(x))", "der(der(y))"});
  CHECK(isSquareAndNonsingular(r.dae, r.selection));
}

TEST_CASE("pendulum: stateSelect never removes a variable from the states") {
  PolynomialDae p = pendulum();
  Ints priority = priorities(p, {{"vx", StateSelectKind::Never}});
  Reduced r = reduce(std::move(p), priority);
  CHECK(r.model.namesOf(r.selection.states) == Names{"x", "vy"});
  CHECK(isSquareAndNonsingular(r.dae, r.selection));

  PolynomialDae q = pendulum();
  priority = priorities(
      q, {{"x", StateSelectKind::Avoid}, {"vx", StateSelectKind::Avoid}});
  r = reduce(std::move(q), priority);
  CHECK(r.model.namesOf(r.selection.states) == Names{"y", "vy"});
}

TEST_CASE("pendulum: 'always' on both positions cannot be honoured twice") {
  // Only one position can be a state; ties go to the lower index. The
  // caller compares the states with its 'always' list and warns.
  PolynomialDae p = pendulum();
  Ints priority = priorities(
      p, {{"x", StateSelectKind::Always}, {"y", StateSelectKind::Always}});
  Reduced r = reduce(std::move(p), priority);
  CHECK(r.model.namesOf(r.selection.states) == Names{"x", "vx"});
}

TEST_CASE("double pendulum: four states, eight dummies") {
  Reduced r = reduce(pendulumChain(2));
  REQUIRE(r.selection.status == DummyDerivativeStatusKind::Success);
  CHECK(r.selection.states.size() == 4);
  CHECK(r.selection.dummyDerivatives.size() == 8);
  CHECK(r.model.namesOf(r.selection.states) == Names{"x1", "vx1", "x2", "vx2"});
  CHECK(isSquareAndNonsingular(r.dae, r.selection));
}

TEST_CASE("an index-1 system keeps all its differentiated variables") {
  PolynomialDae p;
  int x = p.var("x"), y = p.var("y"), dx = p.der(x);
  p.equation({{dx}, {x}, {y}});
  p.equation({{y}, {x, x}});
  Reduced r = reduce(std::move(p));
  CHECK(r.selection.states == Ints{x});
  CHECK(r.selection.dummyDerivatives.empty());
  CHECK(isSquareAndNonsingular(r.dae, r.selection));
}

TEST_CASE("a rank-deficient level is reported") {
  // Hand-made structure, not from Pantelides: e1 = d/dt(e0) contains x but
  // no derivative, so level 1 has no candidate column.
  DaeStructure dae(BipartiteGraph::fromRows(2, {{0}}), {1, -1});
  int derEq = dae.addDerivativeEquation(0, Ints{0});
  DummyDerivativeResult s = selectDummyDerivatives(dae);
  CHECK(s.status == DummyDerivativeStatusKind::StructurallySingular);
  CHECK(s.deficientEquations == Ints{derEq});
}
