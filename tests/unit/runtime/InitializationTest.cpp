// Tests of initialize(): the order of parameters, start values and init
// steps, KINSOL on scalar and 2 x 2 nonlinear systems from poor guesses, the
// homotopy retry, a large sparse system (KLU), and the message of a system
// that has no solution.
#include "runtime/Simulator.h"

#include "TestSupport.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace mocc::rt;
using namespace mocc::rt::test;

namespace {

// x^3 + x = 10 for x in slot 0; the kernel also assigns slot 1 = 2 x.
void cubicResidual(double, double *v, double *res) {
  v[1] = 2 * v[0];
  res[0] = v[0] * v[0] * v[0] + v[1] / 2 - 10;
}
void cubicJvp(double, const double *v, double *dv, double *dres) {
  dv[1] = 2 * dv[0];
  dres[0] = 3 * v[0] * v[0] * dv[0] + dv[1] / 2;
}

// x^2 + y^2 = 4, x y = 1 for x, y in slots 0, 1.
void circleResidual(double, double *v, double *res) {
  res[0] = v[0] * v[0] + v[1] * v[1] - 4;
  res[1] = v[0] * v[1] - 1;
}
void circleJvp(double, const double *v, double *dv, double *dres) {
  dres[0] = 2 * v[0] * dv[0] + 2 * v[1] * dv[1];
  dres[1] = v[1] * dv[0] + v[0] * dv[1];
}

// x^2 + 1 = 0: no real solution.
void noRootResidual(double, double *v, double *res) { res[0] = v[0] * v[0] + 1; }
void noRootJvp(double, const double *v, double *dv, double *dres) { dres[0] = 2 * v[0] * dv[0]; }

// x^3 - 2 x + 2 = 0 from x = 0: Newton cycles between 0 and 1, and the line
// search stops at the local minimum of |F| at x = sqrt(2/3).
void cycleResidual(double, double *v, double *res) { res[0] = v[0] * v[0] * v[0] - 2 * v[0] + 2; }
void cycleJvp(double, const double *v, double *dv, double *dres) {
  dres[0] = (3 * v[0] * v[0] - 2) * dv[0];
}

InitStep solveStep(std::vector<int32_t> unknowns, KernelFn residual, KernelJvpFn jvp,
                   SparsityPattern pattern, std::string description) {
  InitStep step;
  step.kind = InitStep::Kind::Solve;
  step.system.unknowns = std::move(unknowns);
  step.system.residual = residual;
  step.system.jvp = jvp;
  step.system.pattern = std::move(pattern);
  step.system.description = std::move(description);
  return step;
}

SparsityPattern scalarPattern() { return patternFromColumns({{0}}, {0}); }

CompiledModel oneSystemModel(InitStep step, int32_t numSlots, KernelFn startValues) {
  CompiledModel model;
  model.name = "Init";
  model.numSlots = numSlots;
  model.setStartValues = startValues;
  model.init.push_back(std::move(step));
  return model;
}

} // namespace

TEST_CASE("parameters, start values and init steps run in order on zeroed slots") {
  CompiledModel model;
  model.numSlots = 4;
  model.setParameters = [](double t, double *v, double *) { v[0] = 2 + t + v[3]; };
  model.setStartValues = [](double, double *v, double *) { v[1] = v[0] * 10; };
  InitStep assign;
  assign.assign = [](double, double *v, double *) { v[2] = v[1] + 1; };
  model.init.push_back(assign);
  std::vector<double> v(7, 99.0);
  SolverStatistics stats;
  RunStatus status = initialize(model, 1.0, v, stats);
  REQUIRE(status.ok);
  CHECK(v == std::vector<double>{3, 30, 31, 0});
}

TEST_CASE("x^3 + x = 10 is solved from poor guesses") {
  for (double guess : {50.0, -30.0, 0.0, 1e4}) {
    CAPTURE(guess);
    static double start;
    start = guess;
    CompiledModel model = oneSystemModel(
        solveStep({0}, cubicResidual, cubicJvp, scalarPattern(), "`x^3 + x = 10` for `x`"), 2,
        [](double, double *v, double *) { v[0] = start; });
    std::vector<double> v;
    SolverStatistics stats;
    RunStatus status = initialize(model, 0.0, v, stats);
    REQUIRE_MESSAGE(status.ok, status.message);
    CHECK(v[0] == doctest::Approx(2.0).epsilon(1e-12));
    CHECK(v[1] == doctest::Approx(4.0).epsilon(1e-12)); // assigned at the solution
    CHECK(stats.nonlinearIterations > 0);
  }
}

TEST_CASE("a 2 x 2 nonlinear system converges to the root near the guess") {
  CompiledModel model =
      oneSystemModel(solveStep({0, 1}, circleResidual, circleJvp,
                               patternFromColumns({{0, 1}, {0, 1}}, {0, 1}), "circle"),
                     2, [](double, double *v, double *) {
                       v[0] = 2.0;
                       v[1] = 0.1;
                     });
  std::vector<double> v;
  SolverStatistics stats;
  REQUIRE(initialize(model, 0.0, v, stats).ok);
  double x = std::sqrt(2 + std::sqrt(3.0)); // x^2 = 2 + sqrt(3), y = 1 / x
  CHECK(v[0] == doctest::Approx(x).epsilon(1e-12));
  CHECK(v[1] == doctest::Approx(1 / x).epsilon(1e-12));
}

TEST_CASE("the homotopy solves what Newton with a line search cannot") {
  CompiledModel model =
      oneSystemModel(solveStep({0}, cycleResidual, cycleJvp, scalarPattern(), "cycle"), 1, nullptr);
  std::vector<double> v;
  SolverStatistics stats;
  RunStatus status = initialize(model, 0.0, v, stats);
  REQUIRE_MESSAGE(status.ok, status.message);
  CHECK(v[0] == doctest::Approx(-1.7692923542386314).epsilon(1e-12));
}

TEST_CASE("a system without solution fails with its description and the time") {
  // The description's first line names the system, the lines after it are
  // notes (causalize writes one per equation, with its location).
  CompiledModel model = oneSystemModel(
      solveStep({0}, noRootResidual, noRootJvp, scalarPattern(),
                "the system of 1 equation(s) for `x`\nm.mo:3:5: note: equation `x^2 + 1 = 0`"),
      1, [](double, double *v, double *) { v[0] = 1; });
  std::vector<double> v;
  SolverStatistics stats;
  RunStatus status = initialize(model, 2.5, v, stats);
  CHECK_FALSE(status.ok);
  CHECK(status.time == 2.5);
  INFO(status.message);
  // One short line in a user's words; the equations and the homotopy's and
  // Levenberg-Marquardt's outcomes in notes; SUNDIALS' own words only for -v.
  CHECK(status.message.find("initialization failed at time 2.5: the nonlinear system of 1 "
                            "equation(s) for `x` did not converge: ") == 0);
  CHECK(status.message.find('\n') == std::string::npos);
  CHECK(status.message.find("KIN") == std::string::npos);
  REQUIRE(status.notes.size() == 3);
  CHECK(status.notes[0] == "m.mo:3:5: note: equation `x^2 + 1 = 0`");
  CHECK(status.notes[1].find("note: a homotopy from the start values failed too: ") == 0);
  CHECK(status.notes[2].find("note: Levenberg-Marquardt from the start values failed too: ") == 0);
  CHECK(status.solverDetail.find("KINSOL: KIN_") == 0);
}

TEST_CASE("a bad pattern is reported instead of solved") {
  CompiledModel model =
      oneSystemModel(solveStep({0, 1}, circleResidual, circleJvp,
                               patternFromColumns({{0, 1}, {0, 1}}, {0, 0}), "circle"),
                     2, nullptr);
  std::vector<double> v;
  SolverStatistics stats;
  RunStatus status = initialize(model, 0.0, v, stats);
  CHECK_FALSE(status.ok);
  CHECK(status.message.find("bad Jacobian pattern") != std::string::npos);
}

namespace {

// 200 unknowns (KLU path): F_i = x_i^3 + x_i + 0.1 (2 x_i - x_{i-1} - x_{i+1}) - b_i,
// with b chosen so that x*_i = 1 + i / 200 solves it.
constexpr int64_t chainSize = 200;

double chainTarget(int64_t i) {
  return i < 0 || i >= chainSize ? 0.0 : 1.0 + static_cast<double>(i) / chainSize;
}
double chainEquation(double left, double x, double right) {
  return x * x * x + x + 0.1 * (2 * x - left - right);
}
void chainResidual(double, double *v, double *res) {
  for (int64_t i = 0; i < chainSize; ++i) {
    double left = i > 0 ? v[i - 1] : 0.0;
    double right = i + 1 < chainSize ? v[i + 1] : 0.0;
    double b = chainEquation(chainTarget(i - 1), chainTarget(i), chainTarget(i + 1));
    res[i] = chainEquation(left, v[i], right) - b;
  }
}
void chainJvp(double, const double *v, double *dv, double *dres) {
  for (int64_t i = 0; i < chainSize; ++i) {
    double left = i > 0 ? dv[i - 1] : 0.0;
    double right = i + 1 < chainSize ? dv[i + 1] : 0.0;
    dres[i] = (3 * v[i] * v[i] + 1.2) * dv[i] - 0.1 * (left + right);
  }
}

} // namespace

TEST_CASE("a large sparse system is solved with KLU") {
  std::vector<int32_t> unknowns(chainSize);
  for (int32_t i = 0; i < chainSize; ++i)
    unknowns[i] = i;
  CompiledModel model = oneSystemModel(
      solveStep(unknowns, chainResidual, chainJvp, tridiagonalPattern(chainSize), "chain"),
      chainSize, nullptr);
  std::vector<double> v;
  SolverStatistics stats;
  RunStatus status = initialize(model, 0.0, v, stats);
  REQUIRE_MESSAGE(status.ok, status.message);
  for (int64_t i = 0; i < chainSize; i += 37)
    CHECK(v[i] == doctest::Approx(chainTarget(i)).epsilon(1e-12));
  CHECK(stats.jacobianEvaluations > 0);
}

namespace {

// Two systems as the cases of one batched function: case 0 is x^3 + x = 10
// (x in slot 0, assigning slot 1 = 2 x), case 1 is y = v1 (y in slot 2). The
// JVP of case 0 leaves d v1 = 2 in dv; case 1 reads it as the tangent of a
// known value, so it must have been zeroed in between.
void batchResidual(double t, double *v, double *res, int32_t which) {
  if (which == 0)
    cubicResidual(t, v, res);
  else
    res[0] = v[2] - v[1];
}
double lastCase1Derivative = 0; // d res / d y as case 1's JVP last saw it
void batchJvp(double t, const double *v, double *dv, double *dres, int32_t which) {
  if (which == 0) {
    cubicJvp(t, v, dv, dres);
  } else {
    dres[0] = dv[2] - dv[1];
    lastCase1Derivative = dres[0];
  }
}

} // namespace

TEST_CASE("systems that are cases of one batch share a dv zeroed at what each assigns") {
  CompiledModel model;
  model.name = "Init";
  model.numSlots = 3;
  model.setStartValues = [](double, double *v, double *) { v[0] = 50; };
  for (int32_t which : {0, 1}) {
    InitStep step;
    step.kind = InitStep::Kind::Solve;
    step.system.unknowns = {which == 0 ? 0 : 2};
    step.system.residual = KernelRef(batchResidual, which);
    step.system.jvp = KernelJvpRef(batchJvp, which);
    step.system.pattern = scalarPattern();
    if (which == 0)
      step.system.assigned = {1};
    step.system.description = which == 0 ? "`x^3 + x = 10`" : "`y = 2 x`";
    model.init.push_back(std::move(step));
  }
  std::vector<double> v;
  SolverStatistics stats;
  RunStatus status = initialize(model, 0.0, v, stats);
  REQUIRE_MESSAGE(status.ok, status.message);
  CHECK(v[0] * v[0] * v[0] + v[0] == doctest::Approx(10.0));
  CHECK(v[2] == doctest::Approx(2 * v[0]));
  CHECK(lastCase1Derivative == 1.0); // -1 with the stale d v1 of case 0
}
