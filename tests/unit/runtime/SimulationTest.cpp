// Tests of simulate() on small hand-written models against closed-form
// solutions and reference values: exponential decay, index-1 DAEs with
// algebraic components and assigned slots, a linear algebraic loop, the
// Robertson stiff kinetics, a failing run, and the repair of inconsistent
// initial values.
#include "runtime/Simulator.h"

#include "TestSupport.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

using namespace mocc::rt;
using namespace mocc::rt::test;

namespace {

/// The tolerance of these tests unless one says otherwise.
constexpr double defaultTolerance = 1e-8;

/// Simulates and reads the result back; fails the test if the run fails.
CsvTable run(const CompiledModel &model, const SimulationOptions &options,
             SolverStatistics *statistics = nullptr) {
  SolverStatistics stats;
  std::ostringstream log;
  RunStatus status = simulate(model, options, statistics ? *statistics : stats, log);
  REQUIRE_MESSAGE(status.ok, status.message);
  return readCsv(options.outputPath);
}

// --- x' = -k x: slots k, x, der(x) -----------------------------------------
void decayResidual(double, double *v, double *res) { res[0] = v[2] + v[0] * v[1]; }
void decayJvp(double, const double *v, double *dv, double *dres) { dres[0] = dv[2] + v[0] * dv[1]; }

CompiledModel decayModel() {
  CompiledModel model;
  model.name = "Decay";
  model.numSlots = 3;
  model.setParameters = [](double, double *v, double *) { v[0] = 0.5; };
  model.setStartValues = [](double, double *v, double *) { v[1] = 1.0; };
  InitStep derivative;
  derivative.assign = [](double, double *v, double *) { v[2] = -v[0] * v[1]; };
  model.init.push_back(derivative);
  model.ySlot = {1};
  model.ypSlot = {2};
  model.yNominal = {1.0};
  model.residual = decayResidual;
  model.jvp = decayJvp;
  model.jacobian = patternFromColumns({{0}}, {0});
  model.outputs = {{"x", 1}, {"der(x)", 2}, {"k", 0}};
  return model;
}

} // namespace

namespace {
long aliasCalls = 0;
/// The decay model with an alias y = -x (slot 3) left to the `aliases`
/// kernel, which counts its calls.
CompiledModel decayWithAlias() {
  CompiledModel model = decayModel();
  model.numSlots = 4;
  model.aliases = [](double, double *v, double *) {
    ++aliasCalls;
    v[3] = -v[1];
  };
  model.aliasSlots = {3};
  model.outputs.push_back({"y", 3});
  return model;
}
} // namespace

TEST_CASE("the kernel of aliases runs before the rows that hold an alias, and only then") {
  SimulationOptions options = runOptions("alias.csv", 1.0, 0.1, 0, defaultTolerance);
  options.columns = {0, 3}; // x, y
  aliasCalls = 0;
  CsvTable table = run(decayWithAlias(), options);
  REQUIRE(table.rows.size() == 11);
  CHECK(aliasCalls == 11);
  for (const std::vector<double> &row : table.rows)
    CHECK(row[2] == -row[1]);
  options.columns = {0, 1}; // x, der(x): no alias, no call
  aliasCalls = 0;
  table = run(decayWithAlias(), options);
  CHECK(table.rows.size() == 11);
  CHECK(aliasCalls == 0);
}

TEST_CASE("exponential decay matches exp(-k t) on a non-dividing grid") {
  CompiledModel model = decayModel();
  SimulationOptions options = runOptions("decay.csv", 10.0, 0.3, 2, defaultTolerance);
  options.startTime = 1.0;
  CsvTable table = run(model, options);
  CHECK(table.names == std::vector<std::string>{"time", "x", "der(x)"});
  REQUIRE(table.rows.size() == 31); // 1, 1.3, ..., 9.7, 10
  CHECK(table.rows.front()[0] == 1.0);
  CHECK(table.rows.back()[0] == 10.0);
  CHECK(table.rows[30][0] - table.rows[29][0] == doctest::Approx(0.3));
  for (const std::vector<double> &row : table.rows) {
    double exact = std::exp(-0.5 * (row[0] - 1.0));
    CHECK(row[1] == doctest::Approx(exact).epsilon(1e-5));
    // y' is interpolated like y: consistent to about the tolerance.
    CHECK(row[2] == doctest::Approx(-0.5 * row[1]).epsilon(1e-6));
  }
}

TEST_CASE("the columns are the selected outputs in the given order") {
  SimulationOptions options = runOptions("columns.csv", 1.0, 0.5, 0, defaultTolerance);
  options.columns = {2, 0};
  CsvTable table = run(decayModel(), options);
  CHECK(table.names == std::vector<std::string>{"time", "k", "x"});
  REQUIRE(table.rows.size() == 3);
  CHECK(table.rows[2][1] == 0.5);
}

namespace {

// --- x' = -y, 0 = y - x^2 with y an algebraic component: slots x, der(x), y.
void algebraicResidual(double, double *v, double *res) {
  res[0] = v[1] + v[2];
  res[1] = v[2] - v[0] * v[0];
}
void algebraicJvp(double, const double *v, double *dv, double *dres) {
  dres[0] = dv[1] + dv[2];
  dres[1] = dv[2] - 2 * v[0] * dv[0];
}

CompiledModel algebraicModel() {
  CompiledModel model;
  model.name = "Algebraic";
  model.numSlots = 3;
  model.setStartValues = [](double, double *v, double *) { v[0] = 1.0; };
  InitStep step;
  step.assign = [](double, double *v, double *) {
    v[2] = v[0] * v[0];
    v[1] = -v[2];
  };
  model.init.push_back(step);
  model.ySlot = {0, 2};
  model.ypSlot = {1, -1};
  model.residual = algebraicResidual;
  model.jvp = algebraicJvp;
  model.jacobian = patternFromColumns({{0, 1}, {0, 1}}, {0, 1});
  model.outputs = {{"x", 0}, {"y", 2}, {"der(x)", 1}};
  return model;
}

// --- the same with y assigned by the residual kernel: slots x, der(x), y.
void assignedResidual(double, double *v, double *res) {
  v[2] = v[0] * v[0];
  res[0] = v[1] + v[2];
}
void assignedJvp(double, const double *v, double *dv, double *dres) {
  dv[2] = 2 * v[0] * dv[0];
  dres[0] = dv[1] + dv[2];
}

} // namespace

TEST_CASE("an index-1 DAE with an algebraic component matches x = 1 / (1 + t)") {
  CsvTable table = run(algebraicModel(), runOptions("algebraic.csv", 3.0, 0.25, 3, defaultTolerance));
  REQUIRE(table.rows.size() == 13);
  for (const std::vector<double> &row : table.rows) {
    double x = 1 / (1 + row[0]);
    CHECK(row[1] == doctest::Approx(x).epsilon(1e-5));
    CHECK(row[2] == doctest::Approx(x * x).epsilon(1e-5));
    CHECK(row[3] == doctest::Approx(-x * x).epsilon(1e-5));
  }
}

TEST_CASE("slots the residual kernel assigns are written at every output point") {
  CompiledModel model = algebraicModel();
  model.ySlot = {0};
  model.ypSlot = {1};
  model.residual = assignedResidual;
  model.jvp = assignedJvp;
  model.jacobian = patternFromColumns({{0}}, {0});
  CsvTable table = run(model, runOptions("assigned.csv", 3.0, 0.5, 2, defaultTolerance));
  for (const std::vector<double> &row : table.rows) {
    double x = 1 / (1 + row[0]);
    CHECK(row[1] == doctest::Approx(x).epsilon(1e-5));
    CHECK(row[2] == doctest::Approx(x * x).epsilon(1e-5));
  }
}

namespace {

// --- a linear loop: a + b = x, a - b = x / 2, x' = -a; slots x, der(x), a, b.
// Then a = 3 x / 4, b = x / 4 and x = exp(-3 t / 4).
void loopResidual(double, double *v, double *res) {
  res[0] = v[2] + v[3] - v[0];
  res[1] = v[2] - v[3] - v[0] / 2;
}
void loopJvp(double, const double *, double *dv, double *dres) {
  dres[0] = dv[2] + dv[3] - dv[0];
  dres[1] = dv[2] - dv[3] - dv[0] / 2;
}
void loopDaeResidual(double t, double *v, double *res) {
  res[0] = v[1] + v[2];
  loopResidual(t, v, res + 1);
}
void loopDaeJvp(double t, const double *v, double *dv, double *dres) {
  dres[0] = dv[1] + dv[2];
  loopJvp(t, v, dv, dres + 1);
}

CompiledModel loopModel() {
  CompiledModel model;
  model.name = "Loop";
  model.numSlots = 4;
  model.setStartValues = [](double, double *v, double *) { v[0] = 2.0; };
  InitStep solve;
  solve.kind = InitStep::Kind::Solve;
  solve.system.unknowns = {2, 3};
  solve.system.residual = loopResidual;
  solve.system.jvp = loopJvp;
  solve.system.pattern = patternFromColumns({{0, 1}, {0, 1}}, {0, 1});
  solve.system.description = "loop";
  InitStep derivative;
  derivative.assign = [](double, double *v, double *) { v[1] = -v[2]; };
  model.init = {solve, derivative};
  model.ySlot = {0, 2, 3};
  model.ypSlot = {1, -1, -1};
  model.residual = loopDaeResidual;
  model.jvp = loopDaeJvp;
  model.jacobian = patternFromColumns({{0, 1, 2}, {0, 1, 2}, {1, 2}}, {0, 1, 2});
  model.outputs = {{"x", 0}, {"a", 2}, {"b", 3}};
  return model;
}

} // namespace

TEST_CASE("-v counts initialization's solves apart from the integration's") {
  SimulationOptions options = runOptions("loopv.csv", 2.0, 0.1, 3, defaultTolerance);
  options.verbose = true;
  SolverStatistics stats;
  std::ostringstream log;
  REQUIRE(simulate(loopModel(), options, stats, log).ok);
  std::string text = log.str();
  CAPTURE(text);
  // KINSOL: a linear 2 x 2 system, one Newton step.
  auto at = text.find("  initialization: 1 nonlinear system(s), residual evaluations: ");
  REQUIRE(at != std::string::npos);
  long residuals = 0, jacobians = 0, iterations = 0;
  REQUIRE(std::sscanf(text.c_str() + at,
                      "  initialization: 1 nonlinear system(s), residual evaluations: %ld, "
                      "Jacobian evaluations: %ld, nonlinear iterations: %ld",
                      &residuals, &jacobians, &iterations) == 3);
  CHECK(iterations >= 1);
  CHECK(iterations <= 3);
  // IDA's own counts are the totals less these.
  auto ida = text.find("\n  residual evaluations: ");
  REQUIRE(ida != std::string::npos);
  long idaResiduals = 0;
  REQUIRE(std::sscanf(text.c_str() + ida, "\n  residual evaluations: %ld", &idaResiduals) == 1);
  CHECK(idaResiduals + residuals == stats.residualEvaluations);
}

TEST_CASE("a linear algebraic loop solved at initialization and by IDA") {
  CsvTable table = run(loopModel(), runOptions("loop.csv", 2.0, 0.1, 3, defaultTolerance));
  REQUIRE(table.rows.size() == 21);
  CHECK(table.rows[0][2] == doctest::Approx(1.5).epsilon(1e-12)); // from KINSOL
  for (const std::vector<double> &row : table.rows) {
    double x = 2.0 * std::exp(-0.75 * row[0]);
    CHECK(row[1] == doctest::Approx(x).epsilon(1e-5));
    CHECK(row[2] == doctest::Approx(0.75 * x).epsilon(1e-5));
    CHECK(row[3] == doctest::Approx(0.25 * x).epsilon(1e-5));
  }
}

namespace {

// --- Robertson's kinetics with the conservation law as algebraic equation.
// Slots y1, y2, y3, der(y1), der(y2).
void robertsonResidual(double, double *v, double *res) {
  res[0] = v[3] - (-0.04 * v[0] + 1e4 * v[1] * v[2]);
  res[1] = v[4] - (0.04 * v[0] - 1e4 * v[1] * v[2] - 3e7 * v[1] * v[1]);
  res[2] = v[0] + v[1] + v[2] - 1;
}
void robertsonJvp(double, const double *v, double *dv, double *dres) {
  double coupling = 1e4 * (dv[1] * v[2] + v[1] * dv[2]);
  dres[0] = dv[3] + 0.04 * dv[0] - coupling;
  dres[1] = dv[4] - 0.04 * dv[0] + coupling + 6e7 * v[1] * dv[1];
  dres[2] = dv[0] + dv[1] + dv[2];
}

CompiledModel robertsonModel() {
  CompiledModel model;
  model.name = "Robertson";
  model.numSlots = 5;
  model.setStartValues = [](double, double *v, double *) { v[0] = 1.0; };
  InitStep step;
  step.assign = [](double, double *v, double *) {
    v[2] = 1 - v[0] - v[1];
    v[3] = -0.04 * v[0] + 1e4 * v[1] * v[2];
    v[4] = 0.04 * v[0] - 1e4 * v[1] * v[2] - 3e7 * v[1] * v[1];
  };
  model.init.push_back(step);
  model.ySlot = {0, 1, 2};
  model.ypSlot = {3, 4, -1};
  model.yNominal = {1.0, 1e-5, 1.0};
  model.residual = robertsonResidual;
  model.jvp = robertsonJvp;
  model.jacobian = patternFromColumns({{0, 1, 2}, {0, 1, 2}, {0, 1, 2}}, {0, 1, 2});
  model.outputs = {{"y1", 0}, {"y2", 1}, {"y3", 2}};
  return model;
}

} // namespace

TEST_CASE("Robertson's stiff kinetics match the reference values at t = 40") {
  SolverStatistics stats;
  CsvTable table = run(robertsonModel(), runOptions("robertson.csv", 40.0, 4.0, 3, 1e-6), &stats);
  REQUIRE(table.rows.size() == 11);
  const std::vector<double> &last = table.rows.back();
  CHECK(last[0] == 40.0);
  // Reference: y(40) of the classical problem (e.g. SUNDIALS' idaRoberts_dns).
  CHECK(last[1] == doctest::Approx(0.7158270687).epsilon(1e-4));
  CHECK(last[2] == doctest::Approx(9.185534765e-6).epsilon(1e-3));
  CHECK(last[3] == doctest::Approx(0.2841637457).epsilon(1e-4));
  for (const std::vector<double> &row : table.rows)
    CHECK(row[1] + row[2] + row[3] == doctest::Approx(1.0).epsilon(1e-12));
  CHECK(stats.steps > 0);
  CHECK(stats.jacobianEvaluations > 0);
  CHECK(stats.steps < 1000);
}

TEST_CASE("Robertson's stiff kinetics to t = 4e5") {
  CsvTable table = run(robertsonModel(), runOptions("robertson-long.csv", 4e5, 4e4, 3, 1e-6));
  const std::vector<double> &last = table.rows.back();
  CHECK(last[0] == 4e5);
  CHECK(last[1] == doctest::Approx(4.9383e-3).epsilon(2e-3));
  CHECK(last[2] == doctest::Approx(1.9849e-8).epsilon(2e-3));
  CHECK(last[3] == doctest::Approx(0.99506).epsilon(1e-4));
}

namespace {

// --- x' = x^2, x(0) = 1: x = 1 / (1 - t) blows up at t = 1.
// Slots as in decayModel(): x in 1, der(x) in 2.
void blowUpResidual(double, double *v, double *res) { res[0] = v[2] - v[1] * v[1]; }
void blowUpJvp(double, const double *v, double *dv, double *dres) {
  dres[0] = dv[2] - 2 * v[1] * dv[1];
}

} // namespace

TEST_CASE("a failing simulation reports the time and leaves no file") {
  CompiledModel model = decayModel();
  model.setParameters = nullptr;
  model.init[0].assign = [](double, double *v, double *) { v[2] = v[1] * v[1]; };
  model.residual = blowUpResidual;
  model.jvp = blowUpJvp;
  SimulationOptions options = runOptions("blowup.csv", 2.0, 0.1, 1, defaultTolerance);
  SolverStatistics stats;
  std::ostringstream log;
  RunStatus status = simulate(model, options, stats, log);
  REQUIRE_FALSE(status.ok);
  INFO(status.message);
  CHECK(status.message.rfind("simulation failed at time t = ", 0) == 0);
  CHECK(status.time > 0.9);
  CHECK(status.time <= 1.0);
  CHECK(scratchFiles("blowup.csv").empty());
}

TEST_CASE("a failing initialization leaves no file") {
  CompiledModel model = decayModel();
  InitStep impossible;
  impossible.kind = InitStep::Kind::Solve;
  impossible.system.unknowns = {1};
  impossible.system.residual = [](double, double *v, double *res) { res[0] = v[1] * v[1] + 1; };
  impossible.system.jvp = [](double, const double *v, double *dv, double *dres) {
    dres[0] = 2 * v[1] * dv[1];
  };
  impossible.system.description = "`x^2 + 1 = 0`";
  model.init.insert(model.init.begin(), impossible);
  SimulationOptions options = runOptions("noinit.csv", 1.0, 0.1, 1, defaultTolerance);
  SolverStatistics stats;
  std::ostringstream log;
  RunStatus status = simulate(model, options, stats, log);
  CHECK_FALSE(status.ok);
  CHECK(status.message.rfind("initialization failed at time 0: ", 0) == 0);
  CHECK(scratchFiles("noinit.csv").empty());
}

TEST_CASE("inconsistent initial values are repaired by IDACalcIC") {
  CompiledModel model = algebraicModel();
  model.init[0].assign = [](double, double *v, double *) {
    v[2] = 0.3; // wrong: y must be x^2 = 1
    v[1] = -1.0;
  };
  CsvTable table = run(model, runOptions("calcic.csv", 1.0, 0.5, 3, defaultTolerance));
  CHECK(table.rows[0][2] == doctest::Approx(1.0).epsilon(1e-8));
  CHECK(table.rows[2][1] == doctest::Approx(0.5).epsilon(1e-5));
}

TEST_CASE("a model without unknowns evaluates its kernel at each output time") {
  CompiledModel model;
  model.name = "Clock";
  model.numSlots = 1;
  model.residual = [](double t, double *v, double *) { v[0] = std::sin(t); };
  model.outputs = {{"s", 0}};
  CsvTable table = run(model, runOptions("clock.csv", 1.0, 0.25, 1, defaultTolerance));
  REQUIRE(table.rows.size() == 5);
  for (const std::vector<double> &row : table.rows)
    CHECK(row[1] == std::sin(row[0]));
}

TEST_CASE("verbose runs print the statistics and bad options are refused") {
  SimulationOptions options = runOptions("verbose.csv", 1.0, 0.1, 1, defaultTolerance);
  options.verbose = true;
  SolverStatistics stats;
  std::ostringstream log;
  REQUIRE(simulate(decayModel(), options, stats, log).ok);
  CHECK(log.str().find("steps: ") != std::string::npos);
  CHECK(log.str().find("Jacobian evaluations: ") != std::string::npos);
  CHECK(log.str().find("initialization: ") == std::string::npos); // no system to solve
  options.interval = 0.0;
  CHECK_FALSE(simulate(decayModel(), options, stats, log).ok);
  options.interval = 0.1;
  options.columns = {7};
  RunStatus status = simulate(decayModel(), options, stats, log);
  CHECK_FALSE(status.ok);
  CHECK(status.message.find("column 7") != std::string::npos);
}
