// Tests of Pantelides' algorithm on hand-written incidence lists with a mock
// differentiator: exact differentiation counts, new variables and final
// matchings, and the errors of singular systems.
#include "compiler/structural/Pantelides.h"

#include "PolynomialDae.h"

#include <doctest/doctest.h>

using namespace mocc::structural;
using namespace mocc::structural::test;
using Ints = std::vector<int>;
using Names = std::vector<std::string>;

namespace {
/// The variables of equation `eq`, by name.
Names incidence(const PolynomialDae &p, const DaeStructure &dae, int eq) {
  auto vars = dae.graph.variables(eq);
  return p.namesOf(Ints(vars.begin(), vars.end()));
}
} // namespace

TEST_CASE("pendulum: the length constraint is differentiated twice") {
  PolynomialDae p = pendulum();
  DaeStructure dae = p.structure();
  PantelidesResult r = runPantelides(dae, p);
  REQUIRE(r.status == PantelidesStatusKind::Success);

  // e4 twice (position -> velocity -> acceleration level), e0 and e1 once
  // (to relate der(der(x)) with der(vx)), the force balances never.
  CHECK(dae.differentiationCount(0) == 1);
  CHECK(dae.differentiationCount(1) == 1);
  CHECK(dae.differentiationCount(2) == 0);
  CHECK(dae.differentiationCount(3) == 0);
  CHECK(dae.differentiationCount(4) == 2);
  CHECK(dae.numEquations() == 9);
  // The coloured sets are processed in ascending order: e4 -> e5; then
  // e0 -> e6, e1 -> e7, e5 -> e8.
  CHECK(dae.eqToDiff == Ints{6, 7, -1, -1, 5, 8, -1, -1, -1});
  CHECK(dae.diffToEq == Ints{-1, -1, -1, -1, -1, 4, 0, 1, 5});

  // Two new variables, the second derivatives of x and y.
  REQUIRE(dae.numVariables() == 11);
  CHECK(p.names[9] == "der(der(x))");
  CHECK(p.names[10] == "der(der(y))");
  CHECK(dae.varToDiff == Ints{5, 6, 7, 8, -1, 9, 10, -1, -1, -1, -1});
  CHECK(incidence(p, dae, 5) == Names{"x", "y", "der(x)", "der(y)"});
  CHECK(incidence(p, dae, 6) == Names{"der(vx)", "der(der(x))"});
  CHECK(incidence(p, dae, 8) ==
        Names{"x", "y", "der(x)", "der(y)", "der(der(x))", "der(der(y))"});

  // Highest-order equations matched to highest-order variables.
  CHECK(r.matching.eqToVar == Ints{-1, -1, 4, 8, -1, -1, 7, 10, 9});
  CHECK(r.matching.varToEq == Ints{-1, -1, -1, -1, 2, -1, -1, 6, 3, 8, 7});
  CHECK(r.offendingEquations.empty());
}

TEST_CASE(
    "double pendulum: both rods twice, all four velocity equations once") {
  PolynomialDae p = pendulumChain(2);
  DaeStructure dae = p.structure();
  PantelidesResult r = runPantelides(dae, p);
  REQUIRE(r.status == PantelidesStatusKind::Success);
  // Per link: der(x) = vx, der(y) = vy, two balances, the rod.
  Ints counts;
  for (int eq = 0; eq < 10; ++eq)
    counts.push_back(dae.differentiationCount(eq));
  CHECK(counts == Ints{1, 1, 0, 0, 2, 1, 1, 0, 0, 2});
  CHECK(dae.numEquations() == 18);
  CHECK(dae.numVariables() == 22);
  for (const char *name :
       {"der(der(x1))", "der(der(y1))", "der(der(x2))", "der(der(y2))"})
    CHECK(p.idOf(name) >= 18);
  // The matching is perfect on the highest-order part: 10 pairs.
  CHECK(r.matching.size() == 10);
  for (int eq = 0; eq < dae.numEquations(); ++eq)
    CHECK((r.matching.eqToVar[eq] >= 0) == (dae.eqToDiff[eq] < 0));
}

TEST_CASE("an index-1 system is left alone") {
  // der(x) = -x + y, y = x^2: der(x) and y are matched directly.
  PolynomialDae p;
  int x = p.var("x"), y = p.var("y"), dx = p.der(x);
  p.equation({{dx}, {x}, {y}});
  p.equation({{y}, {x, x}});
  DaeStructure dae = p.structure();
  PantelidesResult r = runPantelides(dae, p);
  REQUIRE(r.status == PantelidesStatusKind::Success);
  CHECK(dae.numEquations() == 2);
  CHECK(dae.numVariables() == 3);
  CHECK(r.matching.eqToVar == Ints{dx, y});
}

TEST_CASE("two equations for one unknown: structurally singular") {
  // e0: der(x) = x, e1: x = sin(t), e2: y = x. Too many equations for x.
  PolynomialDae p;
  int x = p.var("x"), y = p.var("y"), dx = p.der(x);
  p.equation({{dx}, {x}});
  p.equation({{x}, {}});
  p.equation({{y}, {x}});
  DaeStructure dae = p.structure();
  PantelidesResult r = runPantelides(dae, p);
  REQUIRE(r.status == PantelidesStatusKind::StructurallySingular);
  CHECK(r.offendingEquations == Ints{0, 1});
  CHECK(r.offendingVariables == Ints{x});
  CHECK(r.singularity.overEquations == Ints{0, 1});
  CHECK(r.singularity.overVariables == Ints{x});
  CHECK(r.singularity.wellEquations == Ints{2});
  CHECK(r.singularity.wellVariables == Ints{y});
  // Nothing was differentiated.
  CHECK(dae.numEquations() == 3);
}

TEST_CASE("a missing equation: under-determined variables are named") {
  // e0: der(x) = y, e1: y = z * x, e2: w = x. z has no equation of its own.
  PolynomialDae p;
  int x = p.var("x"), y = p.var("y"), z = p.var("z"), w = p.var("w");
  int dx = p.der(x);
  p.equation({{dx}, {y}});
  p.equation({{y}, {z, x}});
  p.equation({{w}, {x}});
  DaeStructure dae = p.structure();
  PantelidesResult r = runPantelides(dae, p);
  REQUIRE(r.status == PantelidesStatusKind::StructurallySingular);
  CHECK(r.singularity.overEquations.empty());
  CHECK(r.singularity.underEquations == Ints{0, 1, 2});
  CHECK(r.singularity.underVariables == Ints{x, y, z, w});
  CHECK(r.offendingEquations == Ints{0, 1, 2});
}

TEST_CASE("the differentiation limit reports the last coloured set") {
  PolynomialDae p = pendulum();
  DaeStructure dae = p.structure();
  PantelidesOptions options;
  options.maxDifferentiations = 1;
  PantelidesResult r = runPantelides(dae, p, options);
  REQUIRE(r.status == PantelidesStatusKind::DifferentiationLimit);
  // The second failure, from d/dt(e4) = e5, coloured e0, e1, e5 and
  // der(x), der(y).
  CHECK(r.offendingEquations == Ints{0, 1, 5});
  CHECK(r.offendingVariables == Ints{5, 6});
}

TEST_CASE("a high-index chain: the constraint is differentiated n times") {
  // x1 = sin(t), der(x_k) = x_{k+1} for k < n, der(x_n) = z: index n + 1.
  const int n = 5;
  PolynomialDae p;
  Ints xs, dxs;
  for (int k = 0; k < n; ++k) {
    std::string name = "x"; // not "x" + ...: GCC 12 -Wrestrict false positive
    name += std::to_string(k + 1);
    xs.push_back(p.var(name));
  }
  int z = p.var("z");
  for (int k = 0; k < n; ++k)
    dxs.push_back(p.der(xs[k]));
  p.equation({{xs[0]}, {}});
  for (int k = 0; k + 1 < n; ++k)
    p.equation({{dxs[k]}, {xs[k + 1]}});
  p.equation({{dxs[n - 1]}, {z}});
  DaeStructure dae = p.structure();
  PantelidesResult r = runPantelides(dae, p);
  REQUIRE(r.status == PantelidesStatusKind::Success);
  CHECK(dae.differentiationCount(0) == n);
  for (int k = 1; k <= n; ++k)
    CHECK(dae.differentiationCount(k) == n - k);
  CHECK(r.matching.varToEq[z] >= 0);
}

namespace {
/// Delegates to a PolynomialDae but cannot differentiate one equation (as
/// when it calls a function without a derivative).
class FailingDifferentiator final : public EquationDifferentiator {
public:
  FailingDifferentiator(PolynomialDae &p, int failing)
      : p_(p), failing_(failing) {}
  void addedDerivativeVariable(int var, int derVar) override {
    p_.addedDerivativeVariable(var, derVar);
  }
  std::vector<int> differentiateEquation(int eq, int derEq,
                                         DerivativeVariables &d) override {
    failed_ = eq == failing_;
    return p_.differentiateEquation(eq, derEq, d);
  }
  bool differentiationFailed() const override { return failed_; }

private:
  PolynomialDae &p_;
  int failing_;
  bool failed_ = false;
};
} // namespace

TEST_CASE("an equation that cannot be differentiated stops the algorithm") {
  PolynomialDae p = pendulum();
  DaeStructure dae = p.structure();
  FailingDifferentiator failing(p, 4);
  PantelidesResult r = runPantelides(dae, failing);
  CHECK(r.status == PantelidesStatusKind::DifferentiationFailed);
  CHECK(r.offendingEquations == Ints{4});
  // The failure is found at once: e4 is the first equation differentiated.
  CHECK(dae.numEquations() == 6);
}
