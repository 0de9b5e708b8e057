// Tests of large models on the KLU path with colorings of two and three
// colors: a 2,000-state heat-conduction chain (tridiagonal, against its
// eigenmode solution) and a 2,000-state cascade (bidiagonal, against the
// Poisson-distribution closed form). Both report their run times.
#include "runtime/Simulator.h"

#include "TestSupport.h"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <sstream>

using namespace mocc::rt;
using namespace mocc::rt::test;

namespace {

constexpr int32_t chainStates = 2000;

// --- heat chain: x_i' = D (x_{i-1} - 2 x_i + x_{i+1}), x_{-1} = x_N = 0.
// Slots: x in 0..N-1, der(x) in N..2N-1, D in 2N. Starting from eigenmode m,
// x_i(t) = exp(-lambda t) x_i(0), lambda = 4 D sin^2(pi m / (2 (N + 1))).
constexpr int32_t heatMode = 100;
constexpr double diffusion = 100.0;

double heatMode0(int32_t i) {
  return std::sin(std::numbers::pi * heatMode * (i + 1) / (chainStates + 1));
}
double heatDecayRate() {
  double s = std::sin(std::numbers::pi * heatMode / (2.0 * (chainStates + 1)));
  return 4 * diffusion * s * s;
}
double laplacian(const double *x, int32_t i) {
  double left = i > 0 ? x[i - 1] : 0.0;
  double right = i + 1 < chainStates ? x[i + 1] : 0.0;
  return left - 2 * x[i] + right;
}
void heatResidual(double, double *v, double *res) {
  for (int32_t i = 0; i < chainStates; ++i)
    res[i] = v[chainStates + i] - v[2 * chainStates] * laplacian(v, i);
}
void heatJvp(double, const double *v, double *dv, double *dres) {
  for (int32_t i = 0; i < chainStates; ++i)
    dres[i] = dv[chainStates + i] - v[2 * chainStates] * laplacian(dv, i);
}
void heatDerivatives(double t, double *v, double *) {
  for (int32_t i = 0; i < chainStates; ++i)
    v[chainStates + i] = v[2 * chainStates] * laplacian(v, i);
}

CompiledModel heatModel() {
  CompiledModel model;
  model.name = "Heat";
  model.numSlots = 2 * chainStates + 1;
  model.setParameters = [](double, double *v, double *) { v[2 * chainStates] = diffusion; };
  model.setStartValues = [](double, double *v, double *) {
    for (int32_t i = 0; i < chainStates; ++i)
      v[i] = heatMode0(i);
  };
  InitStep derivatives;
  derivatives.assign = heatDerivatives;
  model.init.push_back(derivatives);
  for (int32_t i = 0; i < chainStates; ++i) {
    model.ySlot.push_back(i);
    model.ypSlot.push_back(chainStates + i);
    model.outputs.push_back({"x[" + std::to_string(i + 1) + "]", i});
  }
  model.residual = heatResidual;
  model.jvp = heatJvp;
  model.jacobian = tridiagonalPattern(chainStates);
  return model;
}

SimulationOptions allColumns(const std::string &file, double stop, double interval,
                             double tolerance) {
  SimulationOptions options;
  options.stopTime = stop;
  options.interval = interval;
  options.tolerance = tolerance;
  options.outputPath = scratchPath(file);
  for (int32_t i = 0; i < chainStates; ++i)
    options.columns.push_back(i);
  return options;
}

} // namespace

TEST_CASE("a 2,000-state heat chain (3 colors, KLU) decays as its eigenmode") {
  CompiledModel model = heatModel();
  REQUIRE(model.jacobian.numColors == 3);
  SolverStatistics stats;
  std::ostringstream log;
  SimulationOptions options = allColumns("heat.csv", 1.0, 0.1, 1e-8);
  RunStatus status = simulate(model, options, stats, log);
  REQUIRE_MESSAGE(status.ok, status.message);
  MESSAGE("heat chain: " << stats.steps << " steps, " << stats.jacobianEvaluations
                         << " Jacobians, integration " << stats.integrationSeconds << " s, output "
                         << stats.outputSeconds << " s");
  CsvTable table = readCsv(options.outputPath);
  REQUIRE(table.rows.size() == 11);
  double worst = 0.0;
  for (const std::vector<double> &row : table.rows) {
    double factor = std::exp(-heatDecayRate() * row[0]);
    for (int32_t i = 0; i < chainStates; ++i)
      worst = std::max(worst, std::abs(row[i + 1] - factor * heatMode0(i)));
  }
  CHECK(std::exp(-heatDecayRate()) == doctest::Approx(0.0855).epsilon(1e-2)); // a real decay
  CHECK(worst < 1e-5);
}

namespace {

// --- cascade: x_0' = -x_0, x_i' = x_{i-1} - x_i; x_0(0) = 1, others 0.
// Then x_i(t) = t^i e^{-t} / i!. Slots: x in 0..N-1, der(x) in N..2N-1.
void cascadeResidual(double, double *v, double *res) {
  for (int32_t i = 0; i < chainStates; ++i)
    res[i] = v[chainStates + i] - ((i > 0 ? v[i - 1] : 0.0) - v[i]);
}
void cascadeJvp(double, const double *, double *dv, double *dres) {
  for (int32_t i = 0; i < chainStates; ++i)
    dres[i] = dv[chainStates + i] - ((i > 0 ? dv[i - 1] : 0.0) - dv[i]);
}

CompiledModel cascadeModel() {
  CompiledModel model = heatModel();
  model.name = "Cascade";
  model.setParameters = nullptr;
  model.setStartValues = [](double, double *v, double *) { v[0] = 1.0; };
  model.init[0].assign = [](double t, double *v, double *) {
    for (int32_t i = 0; i < chainStates; ++i)
      v[chainStates + i] = (i > 0 ? v[i - 1] : 0.0) - v[i];
  };
  model.residual = cascadeResidual;
  model.jvp = cascadeJvp;
  std::vector<std::vector<int64_t>> rowsOfColumn(chainStates);
  std::vector<int32_t> colors(chainStates);
  for (int32_t j = 0; j < chainStates; ++j) {
    rowsOfColumn[j] =
        j + 1 < chainStates ? std::vector<int64_t>{j, j + 1} : std::vector<int64_t>{j};
    colors[j] = j % 2;
  }
  model.jacobian = patternFromColumns(rowsOfColumn, colors);
  return model;
}

} // namespace

TEST_CASE("a 2,000-state cascade (2 colors, KLU) matches the Poisson closed form") {
  SolverStatistics stats;
  std::ostringstream log;
  SimulationOptions options = allColumns("cascade.csv", 10.0, 1.0, 1e-8);
  RunStatus status = simulate(cascadeModel(), options, stats, log);
  REQUIRE_MESSAGE(status.ok, status.message);
  MESSAGE("cascade: " << stats.steps << " steps, integration " << stats.integrationSeconds << " s");
  CsvTable table = readCsv(options.outputPath);
  REQUIRE(table.rows.size() == 11);
  double worst = 0.0;
  for (const std::vector<double> &row : table.rows) {
    double t = row[0];
    for (int32_t i = 0; i < chainStates; ++i) {
      double exact =
          t == 0.0 ? (i == 0 ? 1.0 : 0.0) : std::exp(i * std::log(t) - t - std::lgamma(i + 1.0));
      worst = std::max(worst, std::abs(row[i + 1] - exact));
    }
  }
  MESSAGE("cascade: largest error " << worst);
  CHECK(worst < 1e-6);
}
