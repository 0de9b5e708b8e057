// Tests of the enumeration of alternative dummy-derivative selections for
// dynamic state selection: the exact state sets of the pendulum in first-
// and second-order form, the blocks that rate them, priorities that make the
// choice static, the double pendulum, and the limit on the number of
// alternatives.
#include "compiler/structural/DummyDerivatives.h"

#include "PolynomialDae.h"

#include <doctest/doctest.h>

#include <algorithm>

using namespace mocc::structural;
using namespace mocc::structural::test;
using Ints = std::vector<int>;
using Names = std::vector<std::string>;

namespace {
/// Pantelides, then the enumeration.
StateSetAlternatives enumerate(PolynomialDae &p, const Ints &priority = {},
                               const StateSetOptions &options = {}) {
  DaeStructure dae = p.structure();
  PantelidesResult r = runPantelides(dae, p);
  REQUIRE(r.status == PantelidesStatusKind::Success);
  return enumerateStateSets(dae, priority, options);
}

std::vector<Names> stateNames(const PolynomialDae &p,
                              const StateSetAlternatives &a) {
  std::vector<Names> out;
  for (const DummyDerivativeResult &s : a.selections)
    out.push_back(p.namesOf(s.states));
  return out;
}
} // namespace

TEST_CASE("pendulum in first-order form: six state sets, the static first") {
  PolynomialDae p = pendulum();
  StateSetAlternatives a = enumerate(p);
  REQUIRE(a.status == StateSetStatusKind::Dynamic);
  // Level 1 (e6, e7, e8) leaves one of der(vx), der(vy), der(der(x)),
  // der(der(y)); level 2 (e5) one of der(x), der(y) where both remain.
  CHECK(stateNames(p, a) == std::vector<Names>{{"x", "vx"},
                                               {"y", "der(y)"},
                                               {"x", "der(x)"},
                                               {"y", "vy"},
                                               {"x", "vy"},
                                               {"y", "vx"}});
  REQUIRE(a.pivotBlocks.size() == 6);
  // The static choice is rated by der(vy), der(der(x)), der(der(y)) at
  // level 1 and der(y) at level 2: determinants 2y and 2y.
  int dy = p.idOf("der(y)"), dvy = p.idOf("der(vy)");
  int ddx = p.idOf("der(der(x))"), ddy = p.idOf("der(der(y))");
  CHECK(a.pivotBlocks[0] == std::vector<SelectionBlock>{{{5}, {dy}},
                                                        {{6, 7, 8}, {dvy, ddx, ddy}}});
  for (const DummyDerivativeResult &s : a.selections)
    CHECK(s.states.size() == 2);
}

TEST_CASE("pendulum in second-order form: x or y with its derivative") {
  PolynomialDae p = secondOrderPendulums();
  StateSetAlternatives a = enumerate(p);
  REQUIRE(a.status == StateSetStatusKind::Dynamic);
  CHECK(stateNames(p, a) ==
        std::vector<Names>{{"x", "der(x)"}, {"y", "der(y)"}});
  // Equations: e2 is the rod, e3 = d/dt(e2), e4 = d/dt(e3).
  int dx = p.idOf("der(x)"), dy = p.idOf("der(y)");
  int ddx = p.idOf("der(der(x))"), ddy = p.idOf("der(der(y))");
  CHECK(a.pivotBlocks[0] ==
        std::vector<SelectionBlock>{{{3}, {dy}}, {{4}, {ddy}}});
  CHECK(a.pivotBlocks[1] ==
        std::vector<SelectionBlock>{{{3}, {dx}}, {{4}, {ddx}}});
}

TEST_CASE("stateSelect prefer makes the choice static") {
  PolynomialDae p = secondOrderPendulums();
  Ints priority(p.names.size(), 0);
  priority[p.idOf("y")] = statePriority(StateSelectKind::Prefer);
  priority[p.idOf("der(y)")] = statePriority(StateSelectKind::Prefer);
  StateSetAlternatives a = enumerate(p, priority);
  CHECK(a.status == StateSetStatusKind::Static);
  CHECK(stateNames(p, a) == std::vector<Names>{{"y", "der(y)"}});
  CHECK(a.pivotBlocks.empty());
}

TEST_CASE("double pendulum: five pairs of positions can be states") {
  PolynomialDae p = secondOrderDoublePendulum();
  StateSetAlternatives a = enumerate(p);
  REQUIRE(a.status == StateSetStatusKind::Dynamic);
  REQUIRE(a.selections.size() == 5);
  // Rod 1 needs one of x1, y1 as a dummy; rod 2 one of the four positions.
  std::vector<Names> positions;
  for (const DummyDerivativeResult &s : a.selections) {
    Names names = p.namesOf(s.states);
    CHECK(names.size() == 4);
    Names base;
    for (const std::string &n : names)
      if (n.rfind("der(", 0) != 0)
        base.push_back(n);
    positions.push_back(base);
  }
  CHECK(positions[0] == Names{"x1", "x2"}); // the static choice
  std::sort(positions.begin(), positions.end());
  CHECK(positions == std::vector<Names>{{"x1", "x2"},
                                        {"x1", "y2"},
                                        {"x2", "y2"},
                                        {"y1", "x2"},
                                        {"y1", "y2"}});
}

TEST_CASE("too many alternatives: only the static choice") {
  PolynomialDae p = secondOrderPendulums(6);
  StateSetAlternatives a = enumerate(p);
  CHECK(a.status == StateSetStatusKind::TooMany);
  CHECK(a.counted == 64);
  REQUIRE(a.selections.size() == 1);
  CHECK(a.selections[0].states.size() == 12);
  StateSetOptions generous;
  generous.maxAlternatives = 64;
  PolynomialDae q = secondOrderPendulums(6);
  CHECK(enumerate(q, {}, generous).selections.size() == 64);
}

TEST_CASE("an index-1 system has one selection") {
  PolynomialDae p;
  int x = p.var("x"), y = p.var("y"), dx = p.der(x);
  p.equation({{dx}, {x}, {y}});
  p.equation({{y}, {x, x}});
  StateSetAlternatives a = enumerate(p);
  CHECK(a.status == StateSetStatusKind::Static);
  REQUIRE(a.selections.size() == 1);
  CHECK(a.selections[0].states == Ints{x});
}
