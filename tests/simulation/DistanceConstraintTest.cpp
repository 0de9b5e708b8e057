// Simulation tests of Mocc.MultiBody.DistanceConstraint: the examples and
// small models with the constraint between different kinds of frames, each
// compared with a closed form or with a solution computed here in minimal
// coordinates (classical Runge-Kutta with a fine step), and the constraint
// drift |r_b - r_a| - d0 checked along the whole run.
#include "ResultFile.h"
#include "RungeKutta.h"

#include "compiler/driver/Driver.h"

#include <algorithm>
#include <array>
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

constexpr double g = 9.81;

/// Simulates a model file of tests/simulation/models (or a library model if
/// `file` is empty) with its experiment annotation and reads the results.
test::ResultFile simulate(const std::string &file, const std::string &model = "") {
  driver::CompileOptions options;
  if (!file.empty())
    options.files.push_back(std::string(MOCC_SIMULATION_MODELS) + "/" + file);
  options.model = model;
  fs::path out = fs::temp_directory_path() / ("mocc_distance_" + std::to_string(getpid()) + "_" +
                                              (file.empty() ? model : file) + ".csv");
  driver::SimulateOptions sim{NAN, NAN, NAN, 0, NAN, out.string(), ""};
  std::ostringstream stdoutText, stderrText;
  int code = driver::runSimulate(options, sim, stdoutText, stderrText);
  INFO(stderrText.str());
  REQUIRE(code == 0);
  auto result = test::readResultFile(out.string());
  fs::remove(out);
  return result;
}

using State = std::vector<double>;

/// The largest |currentDistance - d0| of a constraint over the run, and the
/// same computed from the positions of its two ends in the results (an
/// empty name: the world origin).
double constraintDrift(const test::ResultFile &r, const std::string &rod, double d0,
                       const std::string &endA, const std::string &endB) {
  double drift = 0;
  for (size_t i = 0; i < r.rows(); ++i) {
    double squared = 0;
    for (int k = 1; k <= 3; ++k) {
      std::string index = "[" + std::to_string(k) + "]";
      double a = endA.empty() ? 0.0 : r[endA + index][i];
      double b = endB.empty() ? 0.0 : r[endB + index][i];
      double d = b - a;
      squared += d * d;
    }
    drift = std::max({drift, std::fabs(r[rod + ".currentDistance"][i] - d0),
                      std::fabs(std::sqrt(squared) - d0)});
  }
  return drift;
}

/// |actual - expected| relative to max(1, |expected|).
double relativeError(double actual, double expected) {
  return std::fabs(actual - expected) / std::max(1.0, std::fabs(expected));
}

} // namespace

TEST_CASE("Exudyn's mini example: a point mass on a distance constraint follows the angle "
          "equation") {
  // A 50 kg point mass at (1, 0, 0), at rest, on a 1 m constraint to the
  // world origin. With theta the angle below the horizontal, x = cos(theta),
  // y = -sin(theta), theta'' = (g/L) cos(theta); released from rest, the
  // tension is 3 m g sin(theta) (energy: v^2 = 2 g L sin(theta); radial:
  // lambda - m g sin(theta) = m v^2/L).
  auto r = simulate("", "Mocc.MultiBody.Examples.Pendulum");
  const double m = 50, L = 1;
  const auto &t = r["time"];
  REQUIRE(t.back() == 1.0);
  auto reference = rungeKutta({0.0, 0.0}, t, [&](const State &s) {
    return State{s[1], (g / L) * std::cos(s[0])};
  }, 1e-5);
  double position = 0, force = 0, velocity = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    double theta = reference[i][0], w = reference[i][1];
    std::array<double, 3> p{L * std::cos(theta), -L * std::sin(theta), 0.0};
    std::array<double, 3> v{-L * std::sin(theta) * w, -L * std::cos(theta) * w, 0.0};
    for (int k = 0; k < 3; ++k) {
      std::string index = "[" + std::to_string(k + 1) + "]";
      position = std::max({position, std::fabs(r["mass.r_0" + index][i] - p[k]),
                           std::fabs(r["rod.displacement" + index][i] - p[k])});
      velocity = std::max(velocity, std::fabs(r["rod.velocity" + index][i] - v[k]));
    }
    force = std::max(force, relativeError(r["rod.force"][i], 3 * m * g * std::sin(theta)));
  }
  double drift = constraintDrift(r, "rod", 1.0, "", "mass.r_0");
  MESSAGE("mini example: position error " << position << ", force error (relative) " << force
                                          << ", velocity error " << velocity << ", drift "
                                          << drift << ", x(1) = " << r["mass.r_0[1]"].back());
  CHECK(position < 1e-5);
  CHECK(force < 1e-3);
  CHECK(velocity < 1e-4);
  CHECK(drift < 1e-6);
  CHECK(r["mass.r_0[1]"].back() == doctest::Approx(-0.986).epsilon(1e-3));
  // The tension is positive: at the bottom it is 3 m g.
  CHECK(*std::max_element(r["rod.force"].begin(), r["rod.force"].end()) > 2.9 * m * g);
}

TEST_CASE("activeConnector = false removes the constraint: the point mass falls freely") {
  auto r = simulate("DistanceFreeFall.mo");
  const auto &t = r["time"];
  for (size_t i = 0; i < t.size(); ++i) {
    double y = -0.5 * g * t[i] * t[i];
    CHECK(r["mass.r_0[1]"][i] == doctest::Approx(1.0).epsilon(1e-9));
    CHECK(r["mass.r_0[2]"][i] == doctest::Approx(y).epsilon(1e-6));
    CHECK(r["mass.r_0[3]"][i] == 0.0);
    CHECK(r["rod.velocity[2]"][i] == doctest::Approx(-g * t[i]).epsilon(1e-6));
    CHECK(r["rod.force"][i] == 0.0);
    CHECK(r["rod.currentDistance"][i] == doctest::Approx(std::sqrt(1 + y * y)).epsilon(1e-6));
  }
  // It really fell: 4.9 m below the start after 1 s, far from the circle.
  CHECK(r["rod.currentDistance"].back() > 5);
}

namespace {

/// The crank-rocker of Mocc.MultiBody.Examples.FourBar(Points) in minimal
/// coordinates: the crank angle a (from the x axis about z, pivot A at the
/// origin) and the rocker angle b(a) (pivot D at (L0, 0)), the coupler BC
/// massless. jA and jD are the moments of inertia of crank and rocker about
/// their pivots, (mA, rA) and (mD, rD) their masses and the distances of
/// their centers of mass from the pivots.
struct FourBar {
  double L0 = 1, L1 = 0.3, L2 = 1, L3 = 0.8;
  double jA, jD, mA, rA, mD, rD;

  struct Geometry {
    double b, b1, b2;                // rocker angle and its first two derivatives in a
    std::array<double, 2> B, C;      // the joints
  };

  /// The loop closed with the coupler above the ground line; b1 = db/da and
  /// b2 = d2b/da2 from differentiating (C - B).(C - B) = L2^2 twice.
  Geometry geometry(double a) const {
    Geometry q;
    q.B = {L1 * std::cos(a), L1 * std::sin(a)};
    double dx = L0 - q.B[0], dy = -q.B[1], d = std::hypot(dx, dy);
    double p = (L2 * L2 - L3 * L3 + d * d) / (2 * d), h = std::sqrt(L2 * L2 - p * p);
    q.C = {q.B[0] + (p * dx - h * dy) / d, q.B[1] + (p * dy + h * dx) / d};
    q.b = std::atan2(q.C[1], q.C[0] - L0);
    double ux = q.C[0] - q.B[0], uy = q.C[1] - q.B[1];
    double Bax = -L1 * std::sin(a), Bay = L1 * std::cos(a);
    double Cbx = -L3 * std::sin(q.b), Cby = L3 * std::cos(q.b);
    double uCb = ux * Cbx + uy * Cby;
    q.b1 = (ux * Bax + uy * Bay) / uCb;
    double upx = Cbx * q.b1 - Bax, upy = Cby * q.b1 - Bay; // du/da
    double Cbbx = -L3 * std::cos(q.b), Cbby = -L3 * std::sin(q.b);
    double Baax = -L1 * std::cos(a), Baay = -L1 * std::sin(a);
    q.b2 = -(upx * upx + upy * upy + ux * (Cbbx * q.b1 * q.b1 - Baax) +
             uy * (Cbby * q.b1 * q.b1 - Baay)) /
           uCb;
    return q;
  }

  /// Lagrange's equation M(a) a'' + 1/2 M'(a) a'^2 + V'(a) = 0 with
  /// M = jA + jD b1^2.
  double acceleration(double a, double w) const {
    Geometry q = geometry(a);
    double M = jA + jD * q.b1 * q.b1;
    double dV = g * (mA * rA * std::cos(a) + mD * rD * std::cos(q.b) * q.b1);
    return -(jD * q.b1 * q.b2 * w * w + dV) / M;
  }

  /// The coupler's tension from the rocker's moment balance about D:
  /// jD b'' = -mD g rD cos(b) + ((C - D) x (-lambda e))_z, e = (C - B)/L2.
  double tension(double a, double w) const {
    Geometry q = geometry(a);
    double bdd = q.b2 * w * w + q.b1 * acceleration(a, w);
    double ex = (q.C[0] - q.B[0]) / L2, ey = (q.C[1] - q.B[1]) / L2;
    double rx = q.C[0] - L0, ry = q.C[1];
    return (jD * bdd + mD * g * rD * std::cos(q.b)) / (-(rx * ey - ry * ex));
  }
};

/// Largest errors of a four-bar result: positions of B and C, and the
/// coupler tension relative to max(1, |tension|).
std::pair<double, double> fourBarErrors(const test::ResultFile &r, const FourBar &bar,
                                        const std::string &b, const std::string &c) {
  const auto &t = r["time"];
  auto reference = rungeKutta({M_PI / 3, 8.0}, t, [&](const State &s) {
    return State{s[1], bar.acceleration(s[0], s[1])};
  }, 1e-5);
  double position = 0, force = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    auto q = bar.geometry(reference[i][0]);
    position = std::max({position, std::fabs(r[b + "[1]"][i] - q.B[0]),
                         std::fabs(r[b + "[2]"][i] - q.B[1]), std::fabs(r[c + "[1]"][i] - q.C[0]),
                         std::fabs(r[c + "[2]"][i] - q.C[1])});
    force = std::max(force, relativeError(r["coupler.force"][i],
                                          bar.tension(reference[i][0], reference[i][1])));
  }
  return {position, force};
}

} // namespace

TEST_CASE("a four-bar linkage closed by a distance constraint runs 10 s without drift") {
  // Crank and rocker are uniform rods on revolute joints (Body shapes); the
  // massless coupler is the constraint between their tip frames. The crank
  // turns about 16 times.
  auto r = simulate("", "Mocc.MultiBody.Examples.FourBar");
  REQUIRE(r["time"].back() == 10.0);
  const double m1 = 1, m3 = 1.5;
  FourBar bar;
  bar.jA = m1 * bar.L1 * bar.L1 / 3;
  bar.jD = m3 * bar.L3 * bar.L3 / 3;
  bar.mA = m1, bar.rA = bar.L1 / 2, bar.mD = m3, bar.rD = bar.L3 / 2;
  auto [position, force] = fourBarErrors(r, bar, "crank.frame_b.r_0", "rocker.frame_b.r_0");
  double drift = constraintDrift(r, "coupler", bar.L2, "crank.frame_b.r_0", "rocker.frame_b.r_0");
  MESSAGE("four-bar: position error " << position << ", force error (relative) " << force
                                      << ", drift " << drift << ", crank angle at 10 s "
                                      << r["jointA.phi"].back());
  // The tension is computed from the accelerations, so it is less accurate
  // than the positions; both bounds leave room for the integration error at
  // the model's tolerance (1e-8): a wrong force law is off by O(1). Only the
  // states are in IDA's error test, and the crank angle reaches 100 rad, so
  // its relative tolerance allows 1e-6 per step by the end (position error
  // 2.0e-4 and force error 4.3e-3 in 5,300 steps; 1.2e-4 and 2.8e-3 in
  // 5,460 with at most 4 corrector iterations; 3e-6 in 23,000 with the
  // algebraic components in the error test too).
  CHECK(position < 3e-4);
  CHECK(force < 6e-3);
  CHECK(drift < 1e-6);
  CHECK(r["jointA.phi"].back() > 90); // it turns all the way round
}

TEST_CASE("a four-bar of point masses and three distance constraints") {
  // The same mechanism with a 1 kg point mass at B, 2 kg at C and massless
  // bars: crank (world to B), coupler (B to C) and rocker (a Fixed frame to
  // C). The point masses are free in 3D; they stay in the x-y plane.
  auto r = simulate("", "Mocc.MultiBody.Examples.FourBarPoints");
  REQUIRE(r["time"].back() == 10.0);
  FourBar bar;
  bar.jA = 1 * bar.L1 * bar.L1;
  bar.jD = 2 * bar.L3 * bar.L3;
  bar.mA = 1, bar.rA = bar.L1, bar.mD = 2, bar.rD = bar.L3;
  auto [position, force] = fourBarErrors(r, bar, "massB.r_0", "massC.r_0");
  double drift = std::max({constraintDrift(r, "crank", bar.L1, "", "massB.r_0"),
                           constraintDrift(r, "coupler", bar.L2, "massB.r_0", "massC.r_0"),
                           constraintDrift(r, "rocker", bar.L3, "pivotD.frame_b.r_0", "massC.r_0")});
  MESSAGE("four-bar of point masses: position error " << position << ", force error (relative) "
                                                      << force << ", drift " << drift);
  CHECK(position < 1e-3);
  CHECK(force < 3e-2);
  CHECK(drift < 1e-6);
  for (size_t i = 0; i < r.rows(); ++i)
    CHECK(std::fabs(r["massB.r_0[3]"][i]) + std::fabs(r["massC.r_0[3]"][i]) < 1e-12);
}

TEST_CASE("a point mass and a Fixed frame: a conical pendulum in 3D") {
  // Circular orbit of radius L sin(beta) at height 1 - L cos(beta), angular
  // velocity omega = sqrt(g/(L cos(beta))) about the vertical, tension
  // m g / cos(beta). The constraint's frame_a is at the mass.
  auto r = simulate("DistanceConicalPendulum.mo");
  const double L = 1, beta = M_PI / 6, m = 2, omega = std::sqrt(g / (L * std::cos(beta)));
  double position = 0, velocity = 0, force = 0;
  for (size_t i = 0; i < r.rows(); ++i) {
    double t = r["time"][i], s = L * std::sin(beta);
    std::array<double, 3> p{s * std::cos(omega * t), 1 - L * std::cos(beta), -s * std::sin(omega * t)};
    std::array<double, 3> v{-s * omega * std::sin(omega * t), 0, -s * omega * std::cos(omega * t)};
    for (int k = 0; k < 3; ++k) {
      std::string index = "[" + std::to_string(k + 1) + "]";
      position = std::max(position, std::fabs(r["mass.r_0" + index][i] - p[k]));
      // displacement and velocity are those of the anchor relative to the mass
      position = std::max(position, std::fabs(r["rod.displacement" + index][i] -
                                              ((k == 1 ? 1.0 : 0.0) - p[k])));
      velocity = std::max(velocity, std::fabs(r["rod.velocity" + index][i] + v[k]));
    }
    force = std::max(force, relativeError(r["rod.force"][i], m * g / std::cos(beta)));
  }
  double drift = constraintDrift(r, "rod", L, "mass.r_0", "anchor.frame_b.r_0");
  MESSAGE("conical pendulum: position error " << position << ", velocity error " << velocity
                                              << ", force error " << force << ", drift " << drift);
  CHECK(position < 1e-5);
  CHECK(velocity < 1e-4);
  CHECK(force < 1e-5);
  CHECK(drift < 1e-6);
}

TEST_CASE("two free point masses: a dumbbell spins about its falling center of mass") {
  // m1 = 1 at the origin moving (0, -1.5, 0.2), m2 = 3 at (0.5, 0, 0) moving
  // (0, 0.5, 0.2): the center of mass starts at (0.375, 0, 0) with velocity
  // (0, 0, 0.2) and falls; the relative velocity 2 m/s is normal to the rod,
  // so the rod turns at 2/0.5 = 4 rad/s about z, with the tension
  // m1 m2/(m1 + m2) omega^2 d0 = 6 N.
  auto r = simulate("DistanceDumbbell.mo");
  const double m1 = 1, m2 = 3, M = m1 + m2, d0 = 0.5, omega = 4, tension = m1 * m2 / M * omega * omega * d0;
  double position = 0, force = 0;
  for (size_t i = 0; i < r.rows(); ++i) {
    double t = r["time"][i];
    std::array<double, 3> center{0.375, -0.5 * g * t * t, 0.2 * t};
    std::array<double, 3> rel{d0 * std::cos(omega * t), d0 * std::sin(omega * t), 0};
    for (int k = 0; k < 3; ++k) {
      std::string index = "[" + std::to_string(k + 1) + "]";
      position = std::max({position, std::fabs(r["mass1.r_0" + index][i] - (center[k] - m2 / M * rel[k])),
                           std::fabs(r["mass2.r_0" + index][i] - (center[k] + m1 / M * rel[k]))});
    }
    force = std::max(force, relativeError(r["rod.force"][i], tension));
  }
  double drift = constraintDrift(r, "rod", d0, "mass1.r_0", "mass2.r_0");
  MESSAGE("dumbbell: position error " << position << ", force error " << force << ", drift "
                                      << drift);
  // The bounds are loose for the tolerance 1e-8: IDA's vector holds the
  // tension, an algebraic unknown that depends on the accelerations (IDA's
  // y'), and the error test on it keeps IDA at first order with small steps
  // (about 30000 here; some 500 with IDASetSuppressAlg). The errors are
  // those of that integration; a wrong force law is off by O(1).
  CHECK(position < 2e-3);
  CHECK(force < 2e-3);
  CHECK(drift < 1e-6);
}

TEST_CASE("a Body and the World: a pendulum released above the pivot, in compression at first") {
  // A Body with inertia, the root of its orientation graph (quaternion
  // states), on a 1 m constraint whose frame_a is at the body and frame_b
  // at the world; released at rest from (0.8, 0.6, 0), phi0 = 126.87 degrees
  // from the downward vertical. phi'' = -(g/L) sin(phi); the rod force is
  // m g (3 cos(phi) - 2 cos(phi0)), negative (compression) at the start.
  auto r = simulate("DistanceBodyPendulum.mo");
  const double m = 2, L = 1, phi0 = std::atan2(0.8, -0.6);
  const auto &t = r["time"];
  auto reference = rungeKutta({phi0, 0.0}, t, [&](const State &s) {
    return State{s[1], -(g / L) * std::sin(s[0])};
  }, 1e-5);
  double position = 0, force = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    double phi = reference[i][0];
    position = std::max({position, std::fabs(r["body.r_0[1]"][i] - L * std::sin(phi)),
                         std::fabs(r["body.r_0[2]"][i] + L * std::cos(phi)),
                         std::fabs(r["body.r_0[3]"][i])});
    force = std::max(force, relativeError(r["rod.force"][i],
                                          m * g * (3 * std::cos(phi) - 2 * std::cos(phi0))));
  }
  double drift = constraintDrift(r, "rod", L, "body.r_0", "");
  MESSAGE("body pendulum: position error " << position << ", force error " << force
                                           << ", drift " << drift);
  CHECK(r["rod.force"].front() == doctest::Approx(-0.6 * m * g).epsilon(1e-6));
  // As for the dumbbell: the error test on the algebraic unknowns that
  // depend on the accelerations (the tension and the body's acceleration
  // a_0) limits the accuracy reached at this tolerance.
  CHECK(position < 1e-3);
  CHECK(force < 2e-2);
  CHECK(drift < 1e-6);
  // The body does not turn: the constraint transmits no torque.
  for (size_t i = 0; i < t.size(); ++i)
    CHECK(std::fabs(r["body.w_a[1]"][i]) + std::fabs(r["body.w_a[2]"][i]) +
              std::fabs(r["body.w_a[3]"][i]) < 1e-12);
}
