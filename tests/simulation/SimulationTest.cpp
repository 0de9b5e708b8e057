// Simulation tests: each model is compiled and simulated through the
// driver, and its results are compared with a closed-form solution or one
// computed independently here (a fine-step Runge-Kutta integration).
#include "ResultFile.h"

#include "compiler/driver/Driver.h"

#include <cmath>
#include <doctest/doctest.h>
#include <filesystem>
#include <functional>
#include <sstream>
#include <unistd.h>

using namespace mocc;
namespace fs = std::filesystem;

namespace {

/// Simulates a model file (or a library model) and reads its results.
test::ResultFile simulate(const std::string &file, const std::string &model = "",
                          double stopTime = NAN) {
  driver::CompileOptions options;
  if (!file.empty())
    options.files.push_back(std::string(MOCC_SIMULATION_MODELS) + "/" + file);
  options.model = model;
  fs::path out = fs::temp_directory_path() / ("mocc_sim_" + std::to_string(getpid()) + "_" +
                                              (file.empty() ? model : file) + ".csv");
  driver::SimulateOptions sim{NAN, stopTime, NAN, 0, NAN, out.string(), ""};
  std::ostringstream stdoutText, stderrText;
  int code = driver::runSimulate(options, sim, stdoutText, stderrText);
  INFO(stderrText.str());
  REQUIRE(code == 0);
  auto result = test::readResultFile(out.string());
  fs::remove(out);
  return result;
}

/// Checks a column against f(t) at every row, to a relative tolerance
/// (absolute near zero).
void checkColumn(const test::ResultFile &r, const std::string &name,
                 const std::function<double(double)> &f, double tolerance) {
  const auto &t = r["time"];
  const auto &y = r[name];
  double worst = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    double expected = f(t[i]);
    double error = std::fabs(y[i] - expected) / std::max(1.0, std::fabs(expected));
    worst = std::max(worst, error);
  }
  CAPTURE(name);
  CHECK(worst < tolerance);
}

} // namespace

TEST_CASE("an ODE matches its closed form") {
  auto r = simulate("Decay.mo");
  CHECK(r["time"].front() == 0.0);
  CHECK(r["time"].back() == 3.0);
  CHECK(r.rows() == 301);
  checkColumn(r, "x", [](double t) { return 2 * std::exp(-0.7 * t); }, 1e-4);
  checkColumn(r, "der(x)", [](double t) { return -1.4 * std::exp(-0.7 * t); }, 1e-4);
}

TEST_CASE("the damped oscillator of the quick start matches its closed form") {
  auto r = simulate("", "Mocc.Examples.Oscillator");
  double alpha = 0.2, omega = std::sqrt(3.96), a = 0.5, b = alpha * a / omega;
  auto x = [&](double t) { return std::exp(-alpha * t) * (a * std::cos(omega * t) + b * std::sin(omega * t)); };
  checkColumn(r, "x", x, 1e-4);
  checkColumn(r, "f", [&](double t) {
    double h = 1e-6;
    double v = (x(t + h) - x(t - h)) / (2 * h);
    return -4 * x(t) - 0.4 * v;
  }, 1e-4);
}

TEST_CASE("an index-1 DAE with a linear algebraic loop") {
  auto r = simulate("LinearLoop.mo");
  checkColumn(r, "x", [](double t) { return std::exp(-0.6 * t); }, 1e-4);
  checkColumn(r, "a", [](double t) { return 0.6 * std::exp(-0.6 * t); }, 1e-4);
  checkColumn(r, "b", [](double t) { return 0.4 * std::exp(-0.6 * t); }, 1e-4);
}

TEST_CASE("an index-1 DAE with a nonlinear algebraic equation") {
  auto r = simulate("NonlinearLoop.mo");
  // Reference: classical Runge-Kutta on x' = -y(x), y(x) from y^3 + y = x by Newton.
  auto yOf = [](double x) {
    double y = 1;
    for (int i = 0; i < 50; ++i)
      y -= (y * y * y + y - x) / (3 * y * y + 1);
    return y;
  };
  const auto &t = r["time"];
  std::vector<double> reference(t.size());
  double x = 2, time = 0, h = 1e-4;
  for (size_t i = 0; i < t.size(); ++i) {
    while (time < t[i] - 1e-12) {
      double step = std::min(h, t[i] - time);
      double k1 = -yOf(x), k2 = -yOf(x + step / 2 * k1), k3 = -yOf(x + step / 2 * k2),
             k4 = -yOf(x + step * k3);
      x += step / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
      time += step;
    }
    reference[i] = x;
  }
  size_t i = 0;
  checkColumn(r, "x", [&](double) { return reference[i++]; }, 1e-4);
  const auto &xs = r["x"], &ys = r["y"];
  for (size_t k = 0; k < xs.size(); ++k)
    CHECK(std::fabs(ys[k] * ys[k] * ys[k] + ys[k] - xs[k]) < 1e-5); // the solver tolerance is 1e-6, relative
}

TEST_CASE("arrays, for-equations and matrix products") {
  auto r = simulate("ArrayOde.mo");
  for (int i = 1; i <= 4; ++i)
    checkColumn(r, "x[" + std::to_string(i) + "]", [i](double t) { return std::exp(-i * t); }, 1e-4);
  checkColumn(r, "z[1]", [](double t) { return std::cos(t); }, 1e-4);
  checkColumn(r, "z[2]", [](double t) { return std::sin(t); }, 1e-4);
  checkColumn(r, "total", [](double t) {
    double s = 0;
    for (int i = 1; i <= 4; ++i)
      s += std::exp(-i * t);
    return s;
  }, 1e-4);
}

TEST_CASE("initial equations that fix a steady state") {
  auto r = simulate("SteadyState.mo");
  checkColumn(r, "x", [](double) { return 3.0; }, 1e-8);
  checkColumn(r, "y", [](double) { return 7.0; }, 1e-8);
}

TEST_CASE("a stiff system: Robertson's chemical kinetics") {
  auto r = simulate("Robertson.mo");
  // Reference values at t = 40 (Hairer and Wanner, Solving ODEs II).
  CHECK(r["time"].back() == 40.0);
  CHECK(r["y1"].back() == doctest::Approx(0.7158270687).epsilon(1e-4));
  CHECK(r["y2"].back() == doctest::Approx(9.185534764e-6).epsilon(1e-4));
  CHECK(r["y3"].back() == doctest::Approx(0.2841637457).epsilon(1e-4));
}

TEST_CASE("inheritance, modifiers and nested components") {
  auto r = simulate("Extended.mo");
  checkColumn(r, "f.y", [](double t) { return 2 * (1 - std::exp(-t / 0.5)); }, 1e-4);
  checkColumn(r, "u2", [](double t) { return std::pow(2 * (1 - std::exp(-t / 0.5)), 2); }, 1e-4);
}
