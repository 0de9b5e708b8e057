// Simulation tests: each model is compiled and simulated through the
// driver, and its results are compared with a closed-form solution or one
// computed independently here (a fine-step Runge-Kutta integration).
#include "ResultFile.h"
#include "RungeKutta.h"

#include "compiler/driver/Driver.h"
#include "compiler/flatten/Flatten.h"

#include <algorithm>
#include <cmath>
#include <doctest/doctest.h>
#include <filesystem>
#include <functional>
#include <sstream>
#include <unistd.h>

using namespace mocc;
using test::rungeKutta;
namespace fs = std::filesystem;

namespace {

/// Simulates a model file (or a library model) and reads its results.
test::ResultFile simulate(const std::string &file, const std::string &model = "",
                          double stopTime = NAN, bool noCache = false,
                          double tolerance = NAN) {
  driver::CompileOptions options;
  options.noCache = noCache;
  if (!file.empty())
    options.files.push_back(std::string(MOCC_SIMULATION_MODELS) + "/" + file);
  options.model = model;
  fs::path out = fs::temp_directory_path() / ("mocc_sim_" + std::to_string(getpid()) + "_" +
                                              (file.empty() ? model : file) + ".csv");
  driver::SimulateOptions sim{NAN, stopTime, NAN, 0, tolerance, out.string(), ""};
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

TEST_CASE("an undamped stiff oscillator over 25 periods converges to its closed form as the tolerance shrinks") {
  // ModelicaTest.MultiBody.InitializationConversion.Rotor1D's rotor1D9 and
  // rotor1D10: two inertias J = 1 and a spring c = 1e4, omega = sqrt(2 c / J).
  // The relative angle d = phi1 - phi2 starts at -a1 J / c (a1 fixed) with
  // rate w1 - w2; w1 = (w1 + w2) / 2 + d' / 2. The MAP-LIB reference of that
  // model is 4.1e-4 away from this closed form at its worst (near t = 1.09),
  // more than its tube allows: the results below, which converge to the
  // closed form, leave its tube (the reference is not reproducible).
  const double J = 1, c = 1e4, a1 = 0.05235987755982989, w10 = 0.03490658503988659;
  const double omega = std::sqrt(2 * c / J), d0 = -a1 * J / c, mean = w10 / 2;
  auto w1 = [&](double t) {
    return mean + (-d0 * omega * std::sin(omega * t) + w10 * std::cos(omega * t)) / 2;
  };
  auto worstError = [&](double tolerance) {
    auto r = simulate("TwoRotorSpring.mo", "", NAN, false, tolerance);
    const auto &t = r["time"];
    const auto &w = r["w1"];
    double worst = 0;
    for (size_t i = 0; i < t.size(); ++i)
      worst = std::max(worst, std::fabs(w[i] - w1(t[i])));
    return worst;
  };
  // Measured: 4.9e-4, 7.9e-5, 1.1e-5 (an amplitude of 0.0175): the phase
  // error of BDF over 25 periods, about proportional to the tolerance.
  double e6 = worstError(1e-6), e7 = worstError(1e-7), e8 = worstError(1e-8);
  CHECK(e6 < 1e-3);
  CHECK(e7 < 2e-4);
  CHECK(e8 < 3e-5);
  CHECK(e7 < e6 / 3);
  CHECK(e8 < e7 / 3);
}

TEST_CASE("homotopy(): initialization follows lambda from the simplified problem; the run uses actual") {
  auto r = simulate("HomotopyInit.mo");
  checkColumn(r, "x", [](double) { return 100.0; }, 1e-9);
  // der(y) = -y + x / 100 = 1 - y from y = 1: the simplified 2 is not used.
  checkColumn(r, "y", [](double) { return 1.0; }, 1e-9);
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

// --- Index reduction, aliases, tearing, dynamic state selection -------------------------------

namespace {

/// The difference of two angles, in (-pi, pi].
double angleDifference(double a, double b) { return std::remainder(a - b, 2 * M_PI); }

} // namespace

TEST_CASE("a Cartesian pendulum released from the horizontal: dynamic state selection") {
  // Every static choice of states is singular somewhere on this path (x at
  // the start, y at the bottom), so the run switches between x and y.
  auto r = simulate("Pendulum.mo");
  const double L = 1, g = 9.81;
  const auto &t = r["time"], &x = r["x"], &y = r["y"];
  REQUIRE(t.back() == 10.0);
  // Reference: phi'' = -(g/L) sin(phi) from phi = pi/2 at rest, phi measured
  // from the downward vertical (x = L sin(phi), y = -L cos(phi)).
  auto reference = rungeKutta({M_PI / 2, 0.0}, t, [&](const std::vector<double> &s) {
    return std::vector<double>{s[1], -(g / L) * std::sin(s[0])};
  }, 1e-4);
  double drift = 0, angle = 0, dy = 0, force = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    double phi = reference[i][0], w = reference[i][1];
    drift = std::max(drift, std::fabs(x[i] * x[i] + y[i] * y[i] - L * L));
    angle = std::max(angle, std::fabs(angleDifference(std::atan2(x[i], -y[i]), phi)));
    // der(y) became a dummy derivative in part of the run; the rod force is
    // the Lagrange multiplier m (g cos(phi) + L phi'^2) / L.
    dy = std::max(dy, std::fabs(r["der(y)"][i] - L * std::sin(phi) * w));
    force = std::max(force, std::fabs(r["F"][i] - (g * std::cos(phi) + L * w * w) / L));
  }
  MESSAGE("pendulum: constraint drift " << drift << ", angle error " << angle);
  CHECK(drift < 1e-6);
  CHECK(angle < 1e-4);
  CHECK(dy < 1e-3);
  CHECK(force < 1e-2);
  // The aliases of the velocities are in the results.
  CHECK(r["vx"] == r["der(x)"]);
  CHECK(r["vy"] == r["der(y)"]);
  // The distance-constraint example of a later issue starts here too.
  CHECK(x[50] == doctest::Approx(-0.986).epsilon(1e-3));
}

namespace {
/// The largest constraint drift and angle error of a pendulum's result
/// against phi'' = -(g/L) sin(phi) from phi0 at rest (its coordinates x
/// and y, with `index` appended: "[2]").
std::pair<double, double> pendulumErrors(const test::ResultFile &r, double L, double phi0,
                                         const std::string &index = "") {
  const double g = 9.81;
  const auto &t = r["time"], &x = r["x" + index], &y = r["y" + index];
  auto reference = rungeKutta({phi0, 0.0}, t, [&](const std::vector<double> &s) {
    return std::vector<double>{s[1], -(g / L) * std::sin(s[0])};
  }, 1e-4);
  double drift = 0, angle = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    drift = std::max(drift, std::fabs(x[i] * x[i] + y[i] * y[i] - L * L));
    angle = std::max(angle, std::fabs(angleDifference(std::atan2(x[i], -y[i]), reference[i][0])));
  }
  return {drift, angle};
}
} // namespace

TEST_CASE("a Cartesian pendulum with preferred states: one static choice") {
  auto [drift, angle] = pendulumErrors(simulate("PendulumPreferX.mo"), 0.5, M_PI / 6);
  CHECK(drift < 1e-6);
  CHECK(angle < 1e-4);
}

TEST_CASE("five Cartesian pendulums: selection matrices where the alternatives are too many") {
  // 2^10 equally good static choices, more than are enumerated: one
  // selection matrix per pendulum and level chooses x or y at run time
  // (Mattsson, Olsson and Elmqvist 2000), each on its own schedule.
  auto r = simulate("PendulumSet.mo");
  REQUIRE(r["time"].back() == 5.0);
  const double lengths[] = {0.6, 0.8, 1.0, 1.2, 1.4};
  for (int i = 0; i < 5; ++i) {
    auto [drift, angle] = pendulumErrors(r, lengths[i], M_PI / 2, "[" + std::to_string(i + 1) + "]");
    MESSAGE("pendulum " << i + 1 << ": constraint drift " << drift << ", angle error " << angle);
    CHECK(drift < 1e-6);
    CHECK(angle < 1e-4);
  }
}

TEST_CASE("an assert of an identity tighter than the integration tolerance holds in every row") {
  // The rows hold values that satisfy y^3 + y = 10 x to about the tolerance
  // (1e-4); where the assert fails on them it is judged again on values
  // solved at the states, which the row then holds.
  auto r = simulate("AssertIdentity.mo");
  REQUIRE(r["time"].back() == 1.0);
  const auto &x = r["x"], &y = r["y"];
  for (size_t i = 0; i < x.size(); ++i)
    CHECK(std::fabs(y[i] * y[i] * y[i] + y[i] - 10 * x[i]) < 1e-9 * (1 + std::fabs(x[i])));
}

TEST_CASE("a constraint through a function call: index reduction differentiates the function") {
  auto [drift, angle] = pendulumErrors(simulate("PendulumFunctionConstraint.mo"), 0.5, M_PI / 6);
  CHECK(drift < 1e-6);
  CHECK(angle < 1e-4);
}

TEST_CASE("a Cartesian pendulum in first-order form: states whose derivatives are states") {
  // No alias makes it second order: six sets of states, among them x with
  // der(x), where IDA needs x' and der(x) in different slots.
  auto [drift, angle] = pendulumErrors(simulate("PendulumFirstOrder.mo"), 1.0, M_PI / 2);
  CHECK(drift < 1e-6);
  CHECK(angle < 1e-4);
}

TEST_CASE("a Cartesian double pendulum: two coupled distance constraints") {
  auto r = simulate("DoublePendulum.mo");
  const double L1 = 1, L2 = 0.8, m1 = 1, m2 = 0.5, g = 9.81;
  const auto &t = r["time"];
  REQUIRE(t.back() == 5.0);
  // Reference: the double pendulum's equations in the angles of the rods
  // from the downward vertical, by Lagrange's equations.
  auto reference = rungeKutta({1.2, 2.0, 0.0, 0.0}, t, [&](const std::vector<double> &s) {
    double t1 = s[0], t2 = s[1], w1 = s[2], w2 = s[3];
    double den = 2 * m1 + m2 - m2 * std::cos(2 * t1 - 2 * t2);
    double a1 = (-g * (2 * m1 + m2) * std::sin(t1) - m2 * g * std::sin(t1 - 2 * t2) -
                 2 * std::sin(t1 - t2) * m2 * (w2 * w2 * L2 + w1 * w1 * L1 * std::cos(t1 - t2))) /
                (L1 * den);
    double a2 = 2 * std::sin(t1 - t2) *
                (w1 * w1 * L1 * (m1 + m2) + g * (m1 + m2) * std::cos(t1) +
                 w2 * w2 * L2 * m2 * std::cos(t1 - t2)) /
                (L2 * den);
    return std::vector<double>{w1, w2, a1, a2};
  }, 1e-4);
  double drift = 0, angle1 = 0, angle2 = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    double x1 = r["x1"][i], y1 = r["y1"][i], x2 = r["x2"][i], y2 = r["y2"][i];
    drift = std::max({drift, std::fabs(x1 * x1 + y1 * y1 - L1 * L1),
                      std::fabs((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1) - L2 * L2)});
    angle1 = std::max(angle1, std::fabs(angleDifference(std::atan2(x1, -y1), reference[i][0])));
    angle2 = std::max(angle2,
                      std::fabs(angleDifference(std::atan2(x2 - x1, y1 - y2), reference[i][1])));
  }
  MESSAGE("double pendulum: constraint drift " << drift << ", angle errors " << angle1 << ", "
                                               << angle2);
  CHECK(drift < 1e-6);
  CHECK(angle1 < 1e-4);
  CHECK(angle2 < 1e-4);
}

TEST_CASE("a chain of 9 MultiBody links: accurate, and in about the steps of its ODE form") {
  // The benchmark's chain (bench/generate multibody 9) from the stdlib: a
  // DAE of 471 unknowns in IDA, 18 of them states.
  driver::CompileOptions options;
  options.files.push_back(std::string(MOCC_SIMULATION_MODELS) + "/LinkChain.mo");
  options.verbose = true;
  fs::path out = fs::temp_directory_path() / ("mocc_sim_" + std::to_string(getpid()) + "_chain.csv");
  driver::SimulateOptions sim{NAN, NAN, NAN, 0, NAN, out.string(), "joint[*].phi"};
  std::ostringstream stdoutText, stderrText;
  int code = driver::runSimulate(options, sim, stdoutText, stderrText);
  std::string log = stderrText.str();
  INFO(log);
  REQUIRE(code == 0);
  auto r = test::readResultFile(out.string());
  fs::remove(out);
  const int n = 9;
  const double m = 0.1, L = 0.1, I = 0.001, g = 9.80665;
  const auto &t = r["time"];
  REQUIRE(t.back() == 1.0);
  // Reference: Lagrange's equations in the links' absolute angles theta
  // (from the horizontal), with M(theta) theta'' = b solved by Gaussian
  // elimination. Link j's centre of mass is at sum_{k<j} L e(theta_k) +
  // L/2 e(theta_j); mu(j, k) collects the masses that both links move.
  auto mu = [&](int j, int k) { return j == k ? (n - 1 - j) + 0.25 : (n - 1 - std::max(j, k)) + 0.5; };
  auto reference = rungeKutta(std::vector<double>(2 * n, 0.0), t, [&](const std::vector<double> &s) {
    std::vector<double> M(n * n), b(n), out(2 * n);
    for (int j = 0; j < n; ++j) {
      b[j] = -m * g * L * ((n - 1 - j) + 0.5) * std::cos(s[j]);
      for (int k = 0; k < n; ++k) {
        M[j * n + k] = m * L * L * mu(j, k) * std::cos(s[j] - s[k]) + (j == k ? I : 0.0);
        b[j] -= m * L * L * mu(j, k) * std::sin(s[j] - s[k]) * s[n + k] * s[n + k];
      }
    }
    for (int c = 0; c < n; ++c) // M is symmetric positive definite
      for (int row = c + 1; row < n; ++row) {
        double f = M[row * n + c] / M[c * n + c];
        for (int k = c; k < n; ++k)
          M[row * n + k] -= f * M[c * n + k];
        b[row] -= f * b[c];
      }
    for (int row = n - 1; row >= 0; --row) {
      double sum = b[row];
      for (int k = row + 1; k < n; ++k)
        sum -= M[row * n + k] * out[n + k];
      out[n + row] = sum / M[row * n + row];
    }
    for (int j = 0; j < n; ++j)
      out[j] = s[n + j];
    return out;
  }, 1e-4);
  // The chain is chaotic once its tip whips (after about 0.6 s): there the
  // error grows with any difference in the steps, so the first half second
  // gets the tight bound.
  double early = 0, worst = 0;
  for (size_t i = 0; i < t.size(); ++i)
    for (int j = 0; j < n; ++j) {
      double phi = reference[i][j] - (j > 0 ? reference[i][j - 1] : 0.0);
      double error = std::fabs(r["joint[" + std::to_string(j + 1) + "].phi"][i] - phi);
      worst = std::max(worst, error);
      if (t[i] <= 0.5)
        early = std::max(early, error);
    }
  auto at = log.find("\n  steps: ");
  REQUIRE(at != std::string::npos);
  long steps = 0;
  REQUIRE(std::sscanf(log.c_str() + at, "\n  steps: %ld", &steps) == 1);
  MESSAGE("chain of 9 links: largest joint angle error " << early << " up to 0.5 s, " << worst
                                                            << " up to 1 s, in " << steps << " steps");
  // The error test is the RMS over the 18 states, as for the ODE form (the
  // reference's equations in IDA at the same tolerance: 331 steps). With
  // IDA's own weights, its masked norm divides the states' sum by all 471
  // components, which let their local errors be sqrt(471 / 18) = 5.1 times
  // the tolerance: 319 steps with errors 2.6e-5 and 9.3e-5; now 422 steps,
  // 5.3e-6 and 8.6e-5.
  CHECK(early < 1.5e-5);
  CHECK(worst < 5e-4);
  // Before that, Newton's test on an RMS over all 471 components let the
  // states keep corrections 5 times its bound, and IDA stayed at order 2 or
  // 3 (431 steps).
  CHECK(steps < 480);
}

TEST_CASE("an index-2 model: a differentiated sensor output") {
  auto r = simulate("DistanceSensor.mo");
  checkColumn(r, "x", [](double t) { return std::cos(t); }, 1e-6);
  checkColumn(r, "d", [](double t) { return std::sqrt(std::cos(t) * std::cos(t) + 1); }, 1e-6);
  checkColumn(r, "s", [](double t) {
    return -std::cos(t) * std::sin(t) / std::sqrt(std::cos(t) * std::cos(t) + 1);
  }, 1e-5);
  CHECK(r["s"] == r["der(d)"]);
}

TEST_CASE("aliases are eliminated and still in the results") {
  auto r = simulate("Aliases.mo");
  // der(x) = e * c = -x * 2.5
  checkColumn(r, "x", [](double t) { return std::exp(-2.5 * t); }, 1e-4);
  checkColumn(r, "a", [](double t) { return std::exp(-2.5 * t); }, 1e-4);
  checkColumn(r, "b", [](double t) { return -std::exp(-2.5 * t); }, 1e-4);
  checkColumn(r, "e", [](double t) { return -std::exp(-2.5 * t); }, 1e-4);
  checkColumn(r, "c", [](double) { return 2.5; }, 1e-15);
}

TEST_CASE("a torn nonlinear loop satisfies all its equations") {
  auto r = simulate("TornLoop.mo");
  double worst = 0;
  for (size_t i = 0; i < r.rows(); ++i) {
    double x = r["x"][i], a = r["a"][i], b = r["b"][i], c = r["c"][i], d = r["d"][i],
           e = r["e"][i];
    for (double residual : {a - x - 0.5 * e, b - 2 * a + x, c - b - 0.1 * std::sin(a), d - c + a,
                            e - 0.3 * d * d * d - 0.2 * b, r["der(x)"][i] + e})
      worst = std::max(worst, std::fabs(residual));
  }
  CHECK(worst < 1e-6);
  // And x' = -e(x): compare with a Runge-Kutta solution that solves the
  // loop by Newton's method in e.
  auto eOf = [](double x) {
    double e = 0;
    for (int k = 0; k < 60; ++k) {
      double a = x + 0.5 * e, b = 2 * a - x, c = b + 0.1 * std::sin(a), d = c - a;
      double da = 0.5, db = 2 * da, dc = db + 0.1 * std::cos(a) * da, dd = dc - da;
      double f = e - 0.3 * d * d * d - 0.2 * b, df = 1 - 0.9 * d * d * dd - 0.2 * db;
      e -= f / df;
    }
    return e;
  };
  auto reference = rungeKutta({1.0}, r["time"], [&](const std::vector<double> &s) {
    return std::vector<double>{-eOf(s[0])};
  }, 1e-3);
  size_t i = 0;
  checkColumn(r, "x", [&](double) { return reference[i++][0]; }, 1e-5);
}

TEST_CASE("Newton's method reaches a solution far from the start value") {
  auto r = simulate("SaturationFarStart.mo");
  checkColumn(r, "u", [](double t) { return -1000 + t; }, 1e-9);
}

TEST_CASE("index reduction honours a function's derivative annotation") {
  auto r = simulate("DerivativeAnnotation.mo");
  // u = 3 sin(2t) through f, whose annotated derivative is twice the true
  // one: v = 2 * 3 cos(2t) * 2. w = t^3 through g (no annotation): z = 3t^2.
  checkColumn(r, "u", [](double t) { return 3 * std::sin(2 * t); }, 1e-9);
  checkColumn(r, "v", [](double t) { return 12 * std::cos(2 * t); }, 1e-9);
  checkColumn(r, "z", [](double t) { return 3 * t * t; }, 1e-9);
}

TEST_CASE("a derivative annotation of order 2 on a first derivative gives the second") {
  auto r = simulate("SecondDerivativeAnnotation.mo");
  // u = (2t)^3, v = 24 t^2 through h1; w through h2, which is three times
  // the true 48 t.
  checkColumn(r, "u", [](double t) { return 8 * t * t * t; }, 1e-9);
  checkColumn(r, "v", [](double t) { return 24 * t * t; }, 1e-9);
  checkColumn(r, "w", [](double t) { return 3 * 48 * t; }, 1e-9);
}

TEST_CASE("a parameter bound to a free parameter is found by initialization too") {
  // der(x) = -4 at the start with x = 1: k2 = 4, so x = exp(-4t).
  auto r = simulate("FreeParameterBinding.mo");
  checkColumn(r, "x", [](double t) { return std::exp(-4 * t); }, 1e-5);
}

TEST_CASE("results hold every parameter and constant of the model, with its value in every row") {
  auto r = simulate("ParametersInResults.mo");
  checkColumn(r, "x[2]", [](double t) { return std::exp(-0.5 * t); }, 1e-5);
  checkColumn(r, "n", [](double) { return 2; }, 1e-300);
  checkColumn(r, "a", [](double) { return 0.5; }, 1e-300);
  checkColumn(r, "b", [](double) { return 1; }, 1e-300);
  checkColumn(r, "c", [](double) { return 3; }, 1e-12);
  checkColumn(r, "on", [](double) { return 1; }, 1e-300);
  checkColumn(r, "k", [](double) { return 5; }, 1e-300);
  checkColumn(r, "hidden", [](double) { return 7; }, 1e-300);
  CHECK(std::find(r.names.begin(), r.names.end(), "label") == r.names.end());
  // In the order of the model, parameters between the variables.
  CHECK(r.names == std::vector<std::string>{"time", "n", "a", "b", "c", "on", "k", "x[1]", "x[2]",
                                            "hidden", "der(x[1])", "der(x[2])"});
}

TEST_CASE("a stop time equal to the start time runs initialization alone: one row") {
  auto r = simulate("InitializationOnly.mo");
  REQUIRE(r.rows() == 1);
  CHECK(r["time"][0] == 0.0);
  CHECK(r["y"][0] == doctest::Approx(std::sqrt(2.0)).epsilon(1e-15));
  CHECK(r["x"][0] == 1.0);
}

TEST_CASE("derivatives of a variable an if-equation gives, next to a Boolean row") {
  // k = 1, te = 1, fast: s = t^2 up to t = 1, then 1 + 2 (t - 1).
  auto r = simulate("BooleanRowDerivative.mo");
  checkColumn(r, "s", [](double t) { return t < 1 ? t * t : 1 + 2 * (t - 1); }, 1e-6);
  checkColumn(r, "sd", [](double t) { return t < 1 ? 2 * t : 2.0; }, 1e-6);
  // sdd jumps at the event t = 1 (two rows there, before and after).
  const auto &t = r["time"];
  const auto &sdd = r["sdd"];
  for (size_t i = 0; i < t.size(); ++i)
    if (std::fabs(t[i] - 1) > 1e-9)
      CHECK(std::fabs(sdd[i] - (t[i] < 1 ? 2.0 : 0.0)) < 1e-6);
}

TEST_CASE("StopTime = StartTime: initialization and one row") {
  auto r = simulate("InitializeOnly.mo");
  REQUIRE(r["time"].size() == 1);
  CHECK(r["time"][0] == 0.5);
  CHECK(r["x"][0] == 1);
  CHECK(r["y"][0] == 2.5);
  CHECK(r["der(x)"][0] == -1);
}

TEST_CASE("a massless junction of springs: initialization iterates on the variables with start values") {
  // The junction's position solves its force balance. Only s1's relative
  // position has a start value; tearing on the spring lengths (which start
  // at 0, where the direction r / length is not defined) failed at the
  // first evaluation.
  auto r = simulate("SpringJunction.mo");
  // The force balance at the junction holds (forces of about 80 N; the
  // junction is in IDA's vector, to its tolerance).
  double worst = 0;
  for (size_t i = 0; i < r.rows(); ++i) {
    double jx = r["jx"][i], jy = r["jy"][i], x = r["x"][i], y = r["y"][i];
    auto force = [&](double ax, double ay, double bx, double by, double c, double s0) {
      double dx = bx - ax, dy = by - ay, s = std::hypot(dx, dy), f = c * (s - s0);
      return std::pair{f * dx / s, f * dy / s};
    };
    auto [f1x, f1y] = force(-1, 0, jx, jy, 100, 0.2);
    auto [f2x, f2y] = force(1, 0, jx, jy, 100, 0.2);
    auto [f3x, f3y] = force(jx, jy, x, y, 50, 0.5);
    worst = std::max({worst, std::fabs(-f1x - f2x + f3x), std::fabs(-f1y - f2y + f3y)});
  }
  CHECK(worst < 1e-4);
  // The body's motion against a Runge-Kutta solution that solves the
  // junction by Newton's method at every evaluation.
  double jx = 0, jy = -0.1;
  auto junction = [&](double x, double y) {
    auto balance = [&](double px, double py, double &gx, double &gy) {
      gx = gy = 0;
      double ends[3][5] = {{-1, 0, 100, 0.2, -1}, {1, 0, 100, 0.2, -1}, {x, y, 50, 0.5, 1}};
      for (auto &e : ends) {
        double dx = e[0] - px, dy = e[1] - py, s = std::hypot(dx, dy), f = e[2] * (s - e[3]);
        gx += f * dx / s;
        gy += f * dy / s;
      }
    };
    for (int k = 0; k < 50; ++k) {
      double gx, gy, ax, ay, bx, by, h = 1e-7;
      balance(jx, jy, gx, gy);
      balance(jx + h, jy, ax, ay);
      balance(jx, jy + h, bx, by);
      double j11 = (ax - gx) / h, j21 = (ay - gy) / h, j12 = (bx - gx) / h, j22 = (by - gy) / h;
      double det = j11 * j22 - j12 * j21;
      double sx = (gx * j22 - gy * j12) / det, sy = (j11 * gy - j21 * gx) / det;
      jx -= sx;
      jy -= sy;
      if (std::fabs(sx) + std::fabs(sy) < 1e-14)
        break;
    }
  };
  auto reference = rungeKutta({0.2, -1.0, 0, 0}, r["time"], [&](const std::vector<double> &s) {
    junction(s[0], s[1]);
    double dx = s[0] - jx, dy = s[1] - jy, l = std::hypot(dx, dy), f = 50 * (l - 0.5);
    return std::vector<double>{s[2], s[3], -f * dx / l, -f * dy / l - 9.81};
  }, 1e-4);
  size_t i = 0;
  checkColumn(r, "x", [&](double) { return reference[i++][0]; }, 1e-4);
  i = 0;
  checkColumn(r, "y", [&](double) { return reference[i++][1]; }, 1e-4);
}

TEST_CASE("states among the variables that appear differentiated: two rotors whose cosines a constraint couples") {
  // The angles (avoid) are the states, switching between q1 and q2 where
  // one's sine vanishes; the constraint holds and the energy only falls
  // (the constraint force does no work, the damping takes energy out).
  auto r = simulate("AvoidWritten.mo");
  const auto &q1 = r["q1"], &q2 = r["q2"], &w1 = r["w1"], &w2 = r["w2"];
  double previous = INFINITY, worst = 0;
  bool crossedZero = false;
  for (size_t i = 0; i < r.rows(); ++i) {
    worst = std::max(worst, std::fabs(std::cos(q1[i]) - std::cos(q2[i]) - 0.5));
    double energy = 0.5 * (w1[i] * w1[i] + w2[i] * w2[i]);
    CHECK(energy <= previous + 1e-4); // to the tolerance of the states
    previous = energy;
    crossedZero = crossedZero || (i > 0 && q1[i] * q1[i - 1] < 0);
  }
  CHECK(worst < 1e-6);
  CHECK(crossedZero); // through sin(q1) = 0, where q1 cannot be the state
}

TEST_CASE("a relative angle two components define alike is one state, not two (Rotational's Gearbox)") {
  // The relative angle x = phiLoad - phiGear of a compliance behind a rigid
  // gear: x'' = -(c x + d x') (1/J2 + 1/(J1 ratio^2)), here 0.75 (c x + d
  // x'), from x(0) = 0.1 at rest: a damped oscillation in closed form. The
  // two definitions of x agree, and the angular momentum J2 wLoad + ratio
  // J1 wMotor stays 0 (the gear's torques cancel).
  auto r = simulate("RelativeAngleTwice.mo");
  double mu = 0.75, alpha = mu * 1.0 / 2, omega = std::sqrt(mu * 100 - alpha * alpha);
  auto x = [&](double t) {
    return 0.1 * std::exp(-alpha * t) * (std::cos(omega * t) + alpha / omega * std::sin(omega * t));
  };
  CHECK(r["time"].back() == 2.0);
  checkColumn(r, "phi_rel", x, 1e-5);
  checkColumn(r, "spring_phi_rel", x, 1e-5);
  checkColumn(r, "w_rel", [&](double t) {
    return -0.1 * std::exp(-alpha * t) * (alpha * alpha / omega + omega) * std::sin(omega * t);
  }, 1e-4);
  const auto &wMotor = r["wMotor"], &wLoad = r["wLoad"];
  double worst = 0;
  for (size_t i = 0; i < r.rows(); ++i)
    worst = std::max(worst, std::fabs(2 * wLoad[i] + 2 * 1 * wMotor[i]));
  CHECK(worst < 1e-6);
}

TEST_CASE("a quaternion from the rotation it must give: Levenberg-Marquardt where Newton's Jacobian is singular at the guess") {
  auto r = simulate("QuaternionFromOrientation.mo", "", 0.01);
  // The rotation about z, y, x by pi/4 each, as the model composes it.
  const double c = std::cos(std::acos(-1.0) / 4), s = std::sin(std::acos(-1.0) / 4);
  double rz[3][3] = {{c, s, 0}, {-s, c, 0}, {0, 0, 1}}, ry[3][3] = {{c, 0, -s}, {0, 1, 0}, {s, 0, c}},
         rx[3][3] = {{1, 0, 0}, {0, c, s}, {0, -s, c}}, zy[3][3] = {}, expected[3][3] = {};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k)
        zy[i][j] += rz[i][k] * ry[k][j];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k)
        expected[i][j] += zy[i][k] * rx[k][j];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      std::string name = "T[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]";
      CAPTURE(name);
      CHECK(std::fabs(r[name].front() - expected[i][j]) < 1e-8);
    }
  double norm = 0;
  for (int i = 1; i <= 4; ++i)
    norm += r["Q[" + std::to_string(i) + "]"].front() * r["Q[" + std::to_string(i) + "]"].front();
  CHECK(norm == doctest::Approx(1).epsilon(1e-9));
}

TEST_CASE("a 3-D grid gives the same result with GMRES and ILU(0) as with KLU") {
  // 2,184 states whose LU factors fill in: the automatic choice is GMRES
  // (runtime/LinearSolver.h); `--linear-solver klu` is the reference.
  auto run = [](const std::string &solver, std::string &log) {
    driver::CompileOptions options;
    options.files.push_back(std::string(MOCC_SIMULATION_MODELS) + "/HeatGrid3DSmall.mo");
    options.verbose = true;
    fs::path out = fs::temp_directory_path() /
                   ("mocc_sim_" + std::to_string(getpid()) + "_grid_" + solver + ".csv");
    driver::SimulateOptions sim{NAN, NAN, NAN, 0, NAN, out.string(), "T[*,6,*]"};
    sim.linearSolver = solver;
    std::ostringstream stdoutText, stderrText;
    int code = driver::runSimulate(options, sim, stdoutText, stderrText);
    log = stderrText.str();
    INFO(log);
    REQUIRE(code == 0);
    auto result = test::readResultFile(out.string());
    fs::remove(out);
    return result;
  };
  std::string kluLog, autoLog, gmresLog;
  auto klu = run("klu", kluLog);
  auto automatic = run("", autoLog);
  auto gmres = run("gmres", gmresLog);
  CHECK(kluLog.find("linear solver: KLU") != std::string::npos);
  CHECK(autoLog.find("linear solver: GMRES with ILU(0) (predicted fill") != std::string::npos);
  CHECK(gmresLog.find("linear solver: GMRES with ILU(0)") != std::string::npos);
  CHECK(autoLog.find("then KLU") == std::string::npos);
  REQUIRE(klu.rows() == automatic.rows());
  REQUIRE(klu.rows() == gmres.rows());
  double worst = 0.0, heating = 0.0;
  for (int i = 1; i <= 14; ++i)
    for (int k = 1; k <= 13; ++k) {
      std::string name = "T[" + std::to_string(i) + ",6," + std::to_string(k) + "]";
      for (size_t row = 0; row < klu.rows(); ++row) {
        double reference = klu[name][row];
        worst = std::max({worst, std::fabs(automatic[name][row] - reference) / reference,
                          std::fabs(gmres[name][row] - reference) / reference});
        heating = std::max(heating, reference - 300.0);
      }
    }
  CHECK(heating > 10.0); // the hot spot heats up: the comparison is not of constants
  CHECK(worst < 1e-8);
}

TEST_CASE("stream connectors: inStream mixes what enters a connection set, actualStream follows the flow") {
  auto r = simulate("StreamMixing.mo", "StreamMixing.Mixing");
  REQUIRE(r.rows() > 2);
  for (size_t i = 0; i < r.rows(); ++i) {
    double t = r["time"][i], mb = 3 * (1 + t);
    CAPTURE(t);
    double mixed = (1 * 100 + mb * 200) / (1 + mb); // the two sources, weighted by their flows
    CHECK(r["hMix"][i] == doctest::Approx(mixed).epsilon(1e-12));
    // Inside the composite heater, its connector is an outside one: what
    // enters through it is its inStream in the set above (the same mixture,
    // not counting itself).
    double seen = mixed;
    CHECK(r["heater.hEntering"][i] == doctest::Approx(seen).epsilon(1e-12));
    // The outside connectors pass the inner heater's streams on.
    CHECK(r["heater.port_b.h_outflow"][i] == doctest::Approx(seen + 10).epsilon(1e-12));
    CHECK(r["heater.port_a.h_outflow"][i] == doctest::Approx(50 + 10).epsilon(1e-12));
    // The sink's flow enters it: actualStream is what arrives.
    CHECK(r["sink.hIn"][i] == doctest::Approx(seen + 10).epsilon(1e-12));
  }
}

TEST_CASE("mass-less two-ports at zero flow take the upstream enthalpy (MLS 3.7.4.5 rule 1)") {
  // Without the rule over the linked chain the Jacobian is singular at t = 0.
  auto r = simulate("MasslessChain.mo");
  for (size_t i = 0; i < r.rows(); ++i) {
    double t = r["time"][i];
    CAPTURE(t);
    double upstream = t < 0.5 ? 100 : 300; // zero flow counts as forward (x >= 0)
    if (std::fabs(t - 0.5) > 1e-9) {
      CHECK(r["h1"][i] == doctest::Approx(upstream).epsilon(1e-12));
      CHECK(r["hc"][i] == doctest::Approx(upstream).epsilon(1e-12));
      CHECK(r["h2"][i] == doctest::Approx(upstream).epsilon(1e-12));
    }
    double x = t < 0.5 ? 100 * t : 50 + 300 * (t - 0.5);
    CHECK(r["x"][i] == doctest::Approx(x).epsilon(1e-6));
  }
}

TEST_CASE("a junction at zero flow takes the mean of its ports' enthalpies (inStream's rule)") {
  auto r = simulate("JunctionAtZeroFlow.mo");
  for (size_t i = 0; i < r.rows(); ++i) {
    double t = r["time"][i];
    CAPTURE(t);
    if (std::fabs(t - 0.5) > 1e-9)
      CHECK(r["hj"][i] == doctest::Approx(t < 0.5 ? 2 : 3).epsilon(1e-9));
    double x = t < 0.5 ? 2 * t : 1 + 3 * (t - 0.5);
    CHECK(r["x"][i] == doctest::Approx(x).epsilon(1e-6));
  }
}

TEST_CASE("for-equations lowered as templates give the results of unrolled ones") {
  // The 3-D grid of bench/generate at 4^3 and a cascade of lags (the
  // ScalableTestSuite's CascadedFirstOrder, and one backwards), simulated
  // with for-equations lowered once as templates and unrolled element by
  // element (the reference path, design-log D10): the same numbers. The
  // grid and the cascade over 2:N are recorded as array equations
  // (flat::ArrayEquation) on the first path, and v reads der(x[...]).
  for (const char *file : {"HeatGrid3D.mo", "CascadeChain.mo"}) {
    CAPTURE(file);
    bool saved = forEquationTemplates();
    setForEquationTemplates(false);
    size_t before = forEquationTemplatesLowered();
    auto reference = simulate(file, "", NAN, true); // compiled, never from the cache
    CHECK(forEquationTemplatesLowered() == before);
    setForEquationTemplates(true);
    auto r = simulate(file, "", NAN, true);
    CHECK(forEquationTemplatesLowered() > before);
    setForEquationTemplates(saved);
    REQUIRE(r.names == reference.names);
    REQUIRE(r.rows() == reference.rows());
    REQUIRE(r.rows() > 10);
    for (const std::string &name : r.names) {
      CAPTURE(name);
      CHECK(r[name] == reference[name]);
    }
  }
}

TEST_CASE("an if-equation with varying conditions in a when-equation assigns from the branch that holds") {
  auto r = simulate("WhenIf.mo", "WhenIf");
  REQUIRE(r.rows() > 10);
  for (size_t i = 0; i < r.rows(); ++i) {
    double t = r["time"][i];
    CAPTURE(t);
    // Ticks at 0.25, 0.5, 0.75, 1.0; a row at a tick holds the values after it.
    double a = 0, b = -1;
    int ticks = 0;
    for (double tick : {0.25, 0.5, 0.75, 1.0}) {
      if (tick > t + 1e-9)
        break;
      ++ticks;
      if (tick < 0.6) {
        a = 10 * tick;
        b = 1;
      } else if (tick < 0.8) {
        b = 2;
      } else { // equations, not assignments: b is the new a
        a = -tick;
        b = a;
      }
    }
    if (std::fabs(t - 0.25) < 1e-9 || std::fabs(t - 0.5) < 1e-9 || std::fabs(t - 0.75) < 1e-9 ||
        std::fabs(t - 1.0) < 1e-9)
      continue; // an event's two rows: before and after
    CHECK(r["ticks"][i] == ticks);
    CHECK(r["a"][i] == doctest::Approx(a).epsilon(1e-12));
    CHECK(r["b"][i] == doctest::Approx(b).epsilon(1e-12));
  }
  CHECK(r["a"][r.rows() - 1] == doctest::Approx(-1.0));
  CHECK(r["b"][r.rows() - 1] == doctest::Approx(-1.0));
}

TEST_CASE("reinit of a state whose der() comes after the when-equation") {
  auto r = simulate("ReinitBeforeDer.mo", "ReinitBeforeDer");
  REQUIRE(r.rows() > 10);
  for (size_t i = 0; i < r.rows(); ++i) {
    double t = r["time"][i];
    CAPTURE(t);
    if (std::fabs(t - 0.5) < 1e-9 || std::fabs(t - 1.0) < 1e-9)
      continue; // an event's two rows
    double since = t - 0.5 * std::floor(t / 0.5 + 1e-12);
    CHECK(r["ramp.y"][i] == doctest::Approx(2 * since).epsilon(1e-6));
  }
}

TEST_CASE("a chain of derivative aliases (der(x[k]) = x[k - 1]) keeps every order linked") {
  auto r = simulate("DerivativeChain.mo", "DerivativeChain.Chain");
  REQUIRE(r.rows() > 50);
  double largest = 0;
  for (size_t i = 0; i < r.rows(); ++i)
    for (int k = 1; k <= 4; ++k) {
      std::string x = "x[" + std::to_string(k) + "]", z = "z[" + std::to_string(k) + "]";
      CAPTURE(x);
      CHECK(r[x][i] == doctest::Approx(r[z][i] / std::pow(2.0, k)).epsilon(1e-5).scale(1e-3));
      largest = std::max(largest, std::fabs(r[x][i]));
    }
  CHECK(largest > 0.05); // the chain moves
}

TEST_CASE("function sizes from arguments, protected sizes and record fields (MLS 12.4.5)") {
  auto r = simulate("FunctionSizes.mo", "FunctionSizes.Test", 1.0);
  // padded: cat(1, b, zeros(max(nrow, ncol) - nrow)) with nrow = 2, ncol = 3.
  checkColumn(r, "x[1]", [](double) { return 7.0; }, 1e-12);
  checkColumn(r, "x[2]", [](double) { return 8.0; }, 1e-12);
  checkColumn(r, "x[3]", [](double) { return 0.0; }, 1e-12);
  // weighted(3, {1, 2, 3} t) = (1 + 4 + 9) t.
  checkColumn(r, "w", [](double t) { return 14 * t; }, 1e-12);
  // cumulative({1, 2, 3, 4}, t): partial sums t {1, 3, 6, 10}, total 20 t.
  const double partial[] = {1, 3, 6, 10};
  for (int k = 0; k < 4; ++k)
    checkColumn(r, "s[" + std::to_string(k + 1) + "]", [&](double t) { return partial[k] * t; },
                1e-12);
  checkColumn(r, "total", [](double t) { return 20 * t; }, 1e-12);
  // polynomial: 1 + 2 t + 3 t^2 from the record's three coefficients.
  checkColumn(r, "p", [](double t) { return 1 + 2 * t + 3 * t * t; }, 1e-12);
}

TEST_CASE("arrays declared with `:` sized by their first assignment (MLS 12.4.5)") {
  auto r = simulate("FunctionSizes.mo", "FunctionSizes.SizedByAssignment", 1.0);
  // X = {t / (1 + t), 1 / (1 + t)}, M = [X, 2 X]: x = X[1] + 2 X[2] = (t + 2) / (1 + t);
  // n = size(X, 1) + size(M, 2) + m = 2 + 2 + 10.
  checkColumn(r, "x", [](double t) { return (t + 2) / (1 + t); }, 1e-12);
  checkColumn(r, "n", [](double) { return 14.0; }, 1e-12);
}

TEST_CASE("a range subscript with parameter ends beside a run-time index") {
  auto r = simulate("FunctionSizes.mo", "FunctionSizes.ParameterRange", 1.0);
  const auto &t = r["time"];
  for (size_t row = 0; row < t.size(); ++row) {
    int i = static_cast<int>(std::floor(t[row] * 2.5)) + 1;
    for (int k = 1; k <= 3; ++k)
      for (int j = 1; j <= 2; ++j) {
        double expected = k == i ? j * i * 10.0 : 0.0;
        CAPTURE(t[row]);
        CHECK(r["mem[" + std::to_string(k) + "," + std::to_string(j) + "]"][row] == expected);
      }
  }
}

TEST_CASE("a function's run-time size errors stop the run with a clear message") {
  for (auto [model, message] :
       {std::pair<std::string, std::string>{
            "FunctionSizes.WrongInputSize",
            "the size 1 of input `a` is 3, but its declaration `n` gives 2 in `FunctionSizes.weighted`"},
        {"FunctionSizes.WrongInputSizeInlined",
         "the size 1 of input `a` is 3, but its declaration `n` gives 2 in "
         "`FunctionSizes.weightedInline`"},
        {"FunctionSizes.OutOfBounds", "index 4 out of bounds for `u` of size 3 in function `FunctionSizes.element`"}}) {
    CAPTURE(model);
    driver::CompileOptions options;
    options.files.push_back(std::string(MOCC_SIMULATION_MODELS) + "/FunctionSizes.mo");
    options.model = model;
    fs::path out = fs::temp_directory_path() /
                   ("mocc_sim_" + std::to_string(getpid()) + "_" + model + ".csv");
    driver::SimulateOptions sim{NAN, 1.0, NAN, 0, NAN, out.string(), ""};
    std::ostringstream stdoutText, stderrText;
    int code = driver::runSimulate(options, sim, stdoutText, stderrText);
    fs::remove(out);
    INFO(stderrText.str());
    CHECK(code == 3);
    CHECK(stderrText.str().find("simulation failed at time") != std::string::npos);
    CHECK(stderrText.str().find(message) != std::string::npos);
  }
}

TEST_CASE("functional arguments to functions that are compiled, not inlined") {
  // bisect has a while-loop: each call is a specialization on the function
  // passed, the inputs bound by `function f(p = ...)` hidden inputs of it.
  auto r = simulate("FunctionalSolver.mo");
  // The real root of u^3 + p*u - q (p > 0) by Cardano's formula.
  auto cubicRoot = [](double p, double q) {
    double d = std::sqrt(q * q / 4 + p * p * p / 27);
    return std::cbrt(q / 2 + d) + std::cbrt(q / 2 - d);
  };
  checkColumn(r, "x", [&](double t) { return cubicRoot(1, 2 + t); }, 1e-9);
  checkColumn(r, "y", [](double t) { return std::sqrt(1 + t); }, 1e-9);
  checkColumn(r, "z", [](double t) { return std::sqrt(4 + t); }, 1e-9);
  checkColumn(r, "q", [](double t) { return std::sqrt((8 + t) / 2); }, 1e-9);
  // solveFor passes its functional input on to bisect, partially applied.
  checkColumn(r, "n", [](double t) { return std::sqrt(3 + t); }, 1e-9);
  checkColumn(r, "m", [&](double t) { return cubicRoot(2, 1 + t); }, 1e-9);
}

TEST_CASE("two aliased variables with fixed = true and the same start value: one equation") {
  // v1 = v2, both start = 1 and fixed: v = 1 once; der(v) = -v / 2.
  auto r = simulate("ParallelFixedStarts.mo");
  checkColumn(r, "v1", [](double t) { return std::exp(-t / 2); }, 1e-5);
  checkColumn(r, "i1", [](double t) { return -std::exp(-t / 2) / 2; }, 1e-4);
}

TEST_CASE("a recursive function with a functional input: one specialization, not a copy per level") {
  // step calls itself twice per level with the function it was given; the
  // integrand of J calls the quadrature again, bound to its own argument.
  auto r = simulate("RecursiveQuadrature.mo");
  checkColumn(r, "I", [](double t) { return (1 - std::cos(5 * (t + 1))) / 5; }, 1e-9);
  checkColumn(r, "J", [](double t) { return (t + 1) * (t + 1) / 6; }, 1e-9);
}

TEST_CASE("arrays of an operator record in functions: loops, outputs, overloaded operators") {
  auto r = simulate("OperatorRecordArrays.mo", "OperatorRecordArrays.Test");
  // dot({t + 1j, 2 + tj}, {1, 1 + 1j}) = (t + 1j) + (2 - t + (2 + t)j) = 2 + (3 + t)j
  checkColumn(r, "d.re", [](double) { return 2.0; }, 1e-12);
  checkColumn(r, "d.im", [](double t) { return 3 + t; }, 1e-12);
  // rotate({1, 1j}, t) = {e^(jt), j e^(jt)}
  checkColumn(r, "z[1].re", [](double t) { return std::cos(t); }, 1e-12);
  checkColumn(r, "z[1].im", [](double t) { return std::sin(t); }, 1e-12);
  checkColumn(r, "z[2].re", [](double t) { return -std::sin(t); }, 1e-12);
  checkColumn(r, "z[2].im", [](double t) { return std::cos(t); }, 1e-12);
  checkColumn(r, "s.re", [](double t) { return std::cos(t) - std::sin(t); }, 1e-12);
  checkColumn(r, "s.im", [](double t) { return std::sin(t) + std::cos(t); }, 1e-12);
  checkColumn(r, "p.re", [](double t) { return std::cos(t) - std::sin(t); }, 1e-12);
  checkColumn(r, "p.im", [](double t) { return std::sin(t) + std::cos(t); }, 1e-12);
  checkColumn(r, "q.re", [](double t) { return std::cos(t) - std::sin(t) + t; }, 1e-12);
  checkColumn(r, "q.im", [](double t) { return std::sin(t) + std::cos(t); }, 1e-12);
  checkColumn(r, "u.re", [](double t) { return std::cos(t) - std::sin(t); }, 1e-12);
  checkColumn(r, "u.im", [](double t) { return std::sin(t) + std::cos(t); }, 1e-12);
  checkColumn(r, "none.re", [](double) { return 0.0; }, 1e-12);
  checkColumn(r, "none.im", [](double) { return 0.0; }, 1e-12);
  // z .* {2, 1j} = {2 e^(jt), -e^(jt)}
  checkColumn(r, "e[1].re", [](double t) { return 2 * std::cos(t); }, 1e-12);
  checkColumn(r, "e[1].im", [](double t) { return 2 * std::sin(t); }, 1e-12);
  checkColumn(r, "e[2].re", [](double t) { return -std::cos(t); }, 1e-12);
  checkColumn(r, "e[2].im", [](double t) { return -std::sin(t); }, 1e-12);
}

TEST_CASE("an unknown that starts at 0 inside abs() is solved: abs's tangent at 0 is +1") {
  auto r = simulate("AbsNewton.mo", "AbsNewton");
  checkColumn(r, "m", [](double t) { return t / 2; }, 1e-9);
  checkColumn(r, "n", [](double t) { return t; }, 1e-9);
}
