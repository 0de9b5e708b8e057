// Hybrid models: zero crossings, time events, when-equations, reinit(),
// pre(), asserts and terminate(), each checked against its closed form.
// The result file has two rows at every event time (before and after).
#include "ResultFile.h"

#include "compiler/driver/Driver.h"

#include <array>
#include <cmath>
#include <doctest/doctest.h>
#include <filesystem>
#include <sstream>
#include <unistd.h>

using namespace mocc;
namespace fs = std::filesystem;

namespace {

struct Run {
  int code = -1;
  std::string out, err;
  test::ResultFile result;
  bool hasResult = false;
};

Run run(const std::string &file, double stopTime = NAN, const std::string &vars = "") {
  driver::CompileOptions options;
  options.files.push_back(std::string(MOCC_SIMULATION_MODELS) + "/events/" + file);
  fs::path path = fs::temp_directory_path() / ("mocc_event_" + std::to_string(getpid()) + "_" + file + ".csv");
  driver::SimulateOptions sim{NAN, stopTime, NAN, 0, NAN, path.string(), vars};
  std::ostringstream out, err;
  Run r;
  r.code = driver::runSimulate(options, sim, out, err);
  r.out = out.str();
  r.err = err.str();
  if (fs::exists(path)) {
    r.result = test::readResultFile(path.string());
    r.hasResult = true;
    fs::remove(path);
  }
  return r;
}

Run simulateOk(const std::string &file) {
  Run r = run(file);
  INFO(r.err);
  REQUIRE(r.code == 0);
  REQUIRE(r.hasResult);
  return r;
}

/// The times that appear twice in a row: the events.
std::vector<double> eventTimes(const test::ResultFile &r) {
  const auto &t = r["time"];
  std::vector<double> events;
  for (size_t i = 0; i + 1 < t.size(); ++i)
    if (t[i] == t[i + 1] && (events.empty() || events.back() != t[i]))
      events.push_back(t[i]);
  return events;
}

/// The events at which the column `name` changes value.
std::vector<double> eventTimes(const test::ResultFile &r, const std::string &name) {
  const auto &t = r["time"];
  const auto &y = r[name];
  std::vector<double> events;
  for (size_t i = 0; i + 1 < t.size(); ++i)
    if (t[i] == t[i + 1] && y[i] != y[i + 1])
      events.push_back(t[i]);
  return events;
}

/// The value of a column just after time `t` (the last row at t).
double after(const test::ResultFile &r, const std::string &name, double t) {
  const auto &time = r["time"];
  const auto &y = r[name];
  double value = NAN;
  for (size_t i = 0; i < time.size() && time[i] <= t; ++i)
    value = y[i];
  return value;
}

/// The value just before time `t` (the first row at t).
double before(const test::ResultFile &r, const std::string &name, double t) {
  const auto &time = r["time"];
  for (size_t i = 0; i < time.size(); ++i)
    if (time[i] >= t)
      return r[name][i];
  return NAN;
}

} // namespace

TEST_CASE("a bouncing ball: event times of the closed form, reinit and a counter") {
  Run r = simulateOk("BouncingBall.mo");
  const double g = 9.81, e = 0.8;
  // t_1 = sqrt(2 h0 / g); each flight after bounce k lasts 2 e^k v_1 / g.
  double t1 = std::sqrt(2.0 / g), v = g * t1, t = t1;
  std::vector<double> expected;
  while (t < 3) {
    expected.push_back(t);
    v *= e;
    t += 2 * v / g;
  }
  // Right after a bounce the ball sits a rounding error below the floor, so
  // h < 0 turns false again an instant later: an event of the relation alone
  // (no hysteresis on relations), with equal rows. The bounces change v.
  auto events = eventTimes(r.result, "v");
  REQUIRE(events.size() == expected.size());
  for (size_t k = 0; k < expected.size(); ++k) {
    CAPTURE(k);
    CHECK(std::fabs(events[k] - expected[k]) < 1e-8);
    CHECK(after(r.result, "bounces", events[k]) == k + 1);
    CHECK(before(r.result, "bounces", events[k]) == k);
    // The velocity flips: v+ = -e v-.
    double vm = before(r.result, "v", events[k]), vp = after(r.result, "v", events[k]);
    CHECK(vm < 0);
    CHECK(std::fabs(vp + e * vm) < 1e-9 * std::max(1.0, std::fabs(vm)));
  }
  // Between the bounces the height is a parabola.
  const auto &time = r.result["time"], &h = r.result["h"];
  for (size_t i = 0; i < time.size(); ++i) {
    if (time[i] >= events[0])
      break;
    CHECK(std::fabs(h[i] - (1 - g * time[i] * time[i] / 2)) < 1e-6);
  }
}

TEST_CASE("a sampled controller: the control signal is held between samples") {
  Run r = simulateOk("SampledController.mo");
  // Independent solution: x' = -x + u with u = k (r - x(t_k)) held on
  // [t_k, t_k + 0.1): x(t) = u + (x(t_k) - u) exp(-(t - t_k)).
  const double k = 2, set = 1;
  std::vector<double> xs, us;
  double x = 1.5;
  for (int s = 0; s <= 10; ++s) {
    double u = k * (set - x);
    xs.push_back(x);
    us.push_back(u);
    x = u + (x - u) * std::exp(-0.1);
  }
  const auto &time = r.result["time"], &xr = r.result["x"], &ur = r.result["u"];
  for (size_t i = 0; i < time.size(); ++i) {
    // The interval of the row: the sample at its start (after the event).
    int s = static_cast<int>(std::floor(time[i] / 0.1 + 1e-9));
    bool atSample = std::fabs(time[i] - s * 0.1) < 1e-12;
    bool beforeEvent = atSample && i + 1 < time.size() && time[i + 1] == time[i];
    int held = beforeEvent ? s - 1 : s;
    if (held < 0) // the row before the first sample: the start value
      continue;
    CAPTURE(time[i]);
    CHECK(std::fabs(ur[i] - us[held]) < 1e-6);
    double expectedX = us[held] + (xs[held] - us[held]) * std::exp(-(time[i] - held * 0.1));
    CHECK(std::fabs(xr[i] - expectedX) < 1e-5);
  }
  auto events = eventTimes(r.result);
  CHECK(events.size() >= 10); // the samples at 0 (maybe), 0.1, ..., 1.0
  for (double t : events)
    CHECK(std::fabs(t / 0.1 - std::round(t / 0.1)) < 1e-9);
  CHECK(r.result["n"].back() == 11);
}

TEST_CASE("clocked partitions: a periodic clock, a shifted sub-clock, previous, hold, interval") {
  Run r = simulateOk("ClockedPartitions.mo");
  // By hand: x(k) = 1 + sum of the tick times 0.1 j for j <= k (sample()
  // takes time's left limit); the sub-clock ticks at 0.1 + 0.3 m and reads
  // x at its clock's last tick 0.3 m, before the shift (MLS 16.5.2).
  auto xAt = [](int k) { return 1 + 0.1 * k * (k + 1) / 2; };
  const auto &time = r.result["time"], &x = r.result["x"], &y = r.result["y"];
  const auto &n = r.result["n"], &dt = r.result["dt"], &p = r.result["p"];
  double integral = 0, last = 0, held = 0;
  for (size_t i = 0; i < time.size(); ++i) {
    bool beforeEvent = i + 1 < time.size() && time[i + 1] == time[i];
    int k = static_cast<int>(std::floor(time[i] / 0.1 + 1e-9)) - (beforeEvent ? 1 : 0);
    CAPTURE(time[i]);
    if (k >= 0)
      CHECK(std::fabs(x[i] - xAt(k)) < 1e-12);
    int m = k >= 1 ? (k - 1) / 3 : -1; // the sub-clock's ticks so far, from 0
    CHECK(n[i] == m + 1);
    double s = m >= 0 ? xAt(3 * m) : 0;
    CHECK(std::fabs(y[i] - s) < 1e-12);
    if (m >= 0)
      CHECK(dt[i] == doctest::Approx(0.3).epsilon(1e-15));
    // p integrates the held value: the piecewise-constant y exactly.
    integral += held * (time[i] - last);
    last = time[i];
    held = y[i];
    CHECK(std::fabs(p[i] - integral) < 1e-6);
  }
  CHECK(r.result["n"].back() == 4);
  auto events = eventTimes(r.result);
  CHECK(events.size() == 10); // the ticks at 0.1, ..., 1.0 (0 is the start)
}

TEST_CASE("event clocks: ticks at the condition's rising edges, interval(), sub-clocks count ticks") {
  Run r = simulateOk("EventClocks.mo");
  // By hand: c ticks at 0.25 (time > 0.25 while sin > 0) and where sin(2 pi
  // t) rises through 0, t = 1, 2, 3; interval() is startInterval = 0.5 at
  // the first tick, then the time since the tick before.
  auto near = [](std::vector<double> got, std::vector<double> expected) {
    REQUIRE(got.size() == expected.size());
    for (size_t k = 0; k < got.size(); ++k)
      CHECK(std::fabs(got[k] - expected[k]) < 1e-8);
  };
  near(eventTimes(r.result, "n"), {0.25, 1, 2, 3});
  std::vector<double> dts = {0.5, 0.75, 1, 1};
  auto ticks = eventTimes(r.result, "n");
  for (size_t k = 0; k < ticks.size(); ++k) {
    CHECK(after(r.result, "n", ticks[k]) == k + 1);
    CHECK(std::fabs(after(r.result, "dt", ticks[k]) - dts[k]) < 1e-8);
    CHECK(std::fabs(after(r.result, "y", ticks[k]) - dts[k]) < 1e-8);
  }
  // subSample(c, 2): ticks 1 and 3 of c, at 0.25 and 2.
  near(eventTimes(r.result, "n2"), {0.25, 2});
  CHECK(std::fabs(after(r.result, "dt2", 0.5) - 0.5) < 1e-8);
  CHECK(std::fabs(after(r.result, "dt2", 2.5) - 1.75) < 1e-8);
  // shiftSample(c, 1): from the second tick of c on.
  near(eventTimes(r.result, "ns"), {1, 2, 3});
  CHECK(r.result["ns"].back() == 3);
  // cos(2 pi t) > 0 holds at the start: edge(condition) ticks there (its
  // pre() is false), then at 0.75, 1.75, 2.75; interval() starts at 0.
  CHECK(r.result["n0"].front() == 1);
  CHECK(r.result["t0"].front() == 0);
  near(eventTimes(r.result, "t0"), {0.75, 1.75, 2.75});
  CHECK(r.result["n0"].back() == 4);
  CHECK(std::fabs(after(r.result, "dt0", 1) - 0.75) < 1e-8);
  CHECK(std::fabs(after(r.result, "dt0", 2) - 1) < 1e-8);
  // Clock(b) of a Boolean b = time >= 1.5: one tick, at the time event.
  near(eventTimes(r.result, "nb"), {1.5});
  CHECK(r.result["tb"].back() == 1.5);
}

TEST_CASE("a hysteresis switch: when/elsewhen and change()") {
  Run r = simulateOk("Hysteresis.mo");
  // Heats at 2/s from 20 to 22 (t = 1), cools at 1/s to 18 (t = 5), heats
  // to 22 (t = 7), cools to 18 (t = 11), ...
  std::vector<double> expected = {1, 5, 7, 11, 13, 17, 19};
  // (Each switch is followed by an event of the relation alone, which turns
  // back an instant later: see the bouncing ball.)
  auto events = eventTimes(r.result, "heating");
  REQUIRE(events.size() == expected.size());
  for (size_t k = 0; k < expected.size(); ++k) {
    CHECK(std::fabs(events[k] - expected[k]) < 1e-8);
    CHECK(after(r.result, "heating", events[k]) == (k % 2 == 1 ? 1 : 0));
    CHECK(after(r.result, "switches", events[k]) == k + 1);
  }
  const auto &T = r.result["T"];
  for (double temperature : T) {
    CHECK(temperature > 18 - 1e-6);
    CHECK(temperature < 22 + 1e-6);
  }
}

TEST_CASE("when not initial() fires after initialization, so later conditions see the change") {
  Run r = simulateOk("NotInitial.mo");
  // x = 3 through initialization; the event at t = 0 sets x = 6, which
  // raises both conditions at once: the first branch wins (MLS 8.3.5).
  CHECK(r.result["x"].front() == 6);
  CHECK(r.result["close"].front() == 1);
  CHECK(r.result["close"].back() == 1);
  // `when {initial()}` fires in initialization.
  CHECK(r.result["started"].front() == 1);
}

TEST_CASE("an if-equation with initial() branches: no unknown is solved through a coefficient 0 there") {
  // After initialization (k = 0.01, d = 0), der(x) = k * 2 der(x) + 1 with
  // k = x / 10: der(x) = 1 / (1 - x / 5), x - x^2 / 10 = 0.9 + t, x(1) =
  // 5 - sqrt(6). Tearing divided by `if initial() then 0 else 1` and
  // initialization stopped on a value that is not finite.
  Run r = simulateOk("InitialBranches.mo");
  const auto &time = r.result["time"], &x = r.result["x"], &d = r.result["d"];
  for (size_t i = 0; i < time.size(); ++i)
    CHECK(x[i] - x[i] * x[i] / 10 == doctest::Approx(0.9 + time[i]).epsilon(1e-5));
  CHECK(x.back() == doctest::Approx(5 - std::sqrt(6.0)).epsilon(1e-5));
  CHECK(d.back() == doctest::Approx(2 / (1 - x.back() / 5)).epsilon(1e-5));
}

TEST_CASE("an if-expression on a state: the event at the switching point") {
  Run r = simulateOk("IfOnState.mo");
  auto events = eventTimes(r.result);
  REQUIRE(events.size() == 1);
  CHECK(std::fabs(events[0] - 0.5) < 1e-8);
  const auto &time = r.result["time"], &x = r.result["x"], &y = r.result["y"];
  for (size_t i = 0; i < time.size(); ++i) {
    double t = time[i];
    double expected = t <= 0.5 ? 1 - t : 0.5 * std::exp(-2 * (t - 0.5));
    CHECK(std::fabs(x[i] - expected) < 1e-6);
    // noEvent: no event where x crosses 0.75, but y follows x.
    if (std::fabs(x[i] - 0.75) > 1e-6)
      CHECK(y[i] == (x[i] > 0.75 ? 1 : 0));
  }
}

TEST_CASE("chattering is detected and reported with its time") {
  Run r = run("Chattering.mo");
  INFO(r.err);
  CHECK(r.code == 3);
  CHECK(r.err.find("chattering") != std::string::npos);
  CHECK(r.err.find("t = 1") != std::string::npos);
}

TEST_CASE("a failed assert stops the run with its message, time and location") {
  Run r = run("AssertError.mo");
  INFO(r.err);
  CHECK(r.code == 3);
  CHECK(r.err.find("x fell below 0.5") != std::string::npos);
  CHECK(r.err.find("AssertError.mo:6:") != std::string::npos);
  // x = exp(-t) falls below 0.5 at ln 2; asserts are checked at the output
  // points (every 2/500 s) and events, so the failure is reported at the
  // first output point after ln 2.
  auto at = r.err.find("t = ");
  REQUIRE(at != std::string::npos);
  double t = std::stod(r.err.substr(at + 4));
  CHECK(t >= std::log(2.0));
  CHECK(t <= std::log(2.0) + 2.0 / 500 + 1e-9);
  CHECK_FALSE(r.hasResult); // a failed run leaves no result file
}

TEST_CASE("a warning-level assert is reported once and the run goes on") {
  Run r = simulateOk("AssertWarning.mo");
  INFO(r.err);
  size_t first = r.err.find("x is below 0.5");
  REQUIRE(first != std::string::npos);
  CHECK(r.err.find("x is below 0.5", first + 1) == std::string::npos);
  CHECK(r.err.find("warning") != std::string::npos);
  CHECK(r.result["time"].back() == 2.0);
}

TEST_CASE("terminate() ends the run successfully at its time") {
  Run r = simulateOk("Terminate.mo");
  double expected = std::log(4.0);
  CHECK(std::fabs(r.result["time"].back() - expected) < 1e-8);
  CHECK(std::fabs(r.result["x"].back() - 0.25) < 1e-8);
  CHECK((r.err + r.out).find("x reached 0.25") != std::string::npos);
}

TEST_CASE("initial(), pre() in initial equations, edge() and a time event") {
  Run r = simulateOk("InitialWhen.mo");
  auto events = eventTimes(r.result);
  REQUIRE(!events.empty());
  CHECK(std::fabs(events.back() - 0.5) < 1e-8);
  CHECK(r.result["b"].front() == 10);
  CHECK(r.result["a"].front() == 5);
  CHECK(r.result["a"].back() == 6);
  CHECK(r.result["rises"].back() == 1);
  CHECK(std::fabs(after(r.result, "x", 0.5) - 2.5) < 1e-6);
  CHECK(std::fabs(r.result["x"].back() - 7.5) < 1e-6);
}

TEST_CASE("aliases: pre() of an alias at an event between output points, and the results") {
  Run r = simulateOk("PreOfAlias.mo");
  auto events = eventTimes(r.result);
  REQUIRE(events.size() == 1);
  CHECK(std::fabs(events[0] - 0.5501) < 1e-8);
  // pre(a) at the event, not a's value at the last output point (0.55).
  CHECK(std::fabs(r.result["m"].back() - 55.01) < 1e-6);
  const auto &x = r.result["x"], &a = r.result["a"], &b = r.result["b"];
  REQUIRE(x.size() > 500);
  for (size_t i = 0; i < x.size(); ++i) {
    CHECK(a[i] == x[i]);
    CHECK(b[i] == -x[i]);
  }
}

TEST_CASE("discrete variables at initialization: fixed = true gives pre(v), initial equations may give pre(v)") {
  Run r = simulateOk("DiscreteStart.mo");
  // latched = pre(latched) and x >= 0.5 with pre(latched) = true: true until
  // x = exp(-t) reaches 0.5 at t = ln 2, then false for good.
  auto events = eventTimes(r.result, "latched");
  REQUIRE(events.size() == 1);
  CHECK(std::fabs(events[0] - std::log(2.0)) < 1e-8);
  CHECK(r.result["latched"].front() == 1);
  CHECK(r.result["latched"].back() == 0);
  // low turns true at ln 4; at the end of that event's iteration pre(low) has
  // caught up, so wasLow changes at the same instant.
  auto lows = eventTimes(r.result, "low");
  REQUIRE(lows.size() == 1);
  CHECK(std::fabs(lows[0] - std::log(4.0)) < 1e-8);
  CHECK(after(r.result, "wasLow", lows[0]) == 1);
  CHECK(before(r.result, "wasLow", lows[0]) == 0);
}

TEST_CASE("an ideal diode: the mixed system at the start is solved by the event iteration") {
  Run r = simulateOk("IdealRectifier.mo");
  // At t = 0 the source is 0 and the capacitor at 5 V: the diode blocks,
  // s = vd = -5 and id = Goff * vd.
  CHECK(r.result["off"].front() == 1);
  CHECK(r.result["s"].front() == doctest::Approx(-5).epsilon(1e-9));
  CHECK(r.result["id"].front() == doctest::Approx(-5e-5).epsilon(1e-9));
  // It starts conducting where the source reaches the capacitor voltage,
  // 10 sin(2 pi 50 t) = 5 exp(-t / RC) (the blocking current of 5e-5 A
  // against 0.05 A through R moves this by less than 1e-7 s).
  const double pi = std::acos(-1.0), rc = 0.1;
  double lo = 0, hi = 0.005;
  for (int i = 0; i < 200; ++i) {
    double mid = (lo + hi) / 2;
    (10 * std::sin(2 * pi * 50 * mid) < 5 * std::exp(-mid / rc) ? lo : hi) = mid;
  }
  auto on = eventTimes(r.result, "off");
  REQUIRE(!on.empty());
  CHECK(std::fabs(on[0] - lo) < 1e-6);
  CHECK(after(r.result, "off", on[0]) == 0);
  // Conducting, the capacitor follows the source: never above its peak.
  for (double v : r.result["vc"])
    CHECK(v < 10 + 1e-6);
}

TEST_CASE("relations on a derivative: a slew-rate limiter fed by the derivative of another") {
  Run r = simulateOk("SlewRate.mo");
  // yv ramps at 2/s from t = 0.1 and levels off at 1 from t = 0.6 - Td on;
  // ya (the limited velocity) never changes faster than 20/s.
  const auto &time = r.result["time"], &yv = r.result["yv"], &ya = r.result["ya"];
  for (size_t i = 0; i < time.size(); ++i) {
    CAPTURE(time[i]);
    if (time[i] > 0.1 + 0.11 && time[i] < 0.5999)
      CHECK(yv[i] == doctest::Approx(2 * (time[i] - 0.1)).epsilon(1e-3));
    CHECK(ya[i] <= 2 + 1e-6);
  }
  CHECK(yv.back() == doctest::Approx(1).epsilon(1e-6));
  CHECK(std::fabs(ya.back()) < 1e-6);
  // der(ya) is IDA's y': at the output points (not at the rows of an event,
  // where it is interpolated across the switch) within the limits.
  const auto &dya = r.result["der(ya)"];
  for (size_t i = 1; i + 1 < time.size(); ++i)
    if (time[i] != time[i - 1] && time[i] != time[i + 1])
      CHECK(std::fabs(dya[i]) <= 20 + 1e-4);
  CHECK(eventTimes(r.result).size() < 20);
}

namespace {

/// StickSlip.mo integrated independently: RK4 in each mode, the switches
/// located by bisection (the block leaves sticking where the spring force
/// exceeds Fs, and stops where v1 crosses zero, then sticks if the spring
/// force is at most Fs). Rows of (t, x1, v1, x2, v2, mode).
std::vector<std::array<double, 6>> stickSlipReference(double x10, double stop) {
  const double m1 = 0.01, m2 = 1, k = 10, F0 = 5, w = 2, Fs = 1.2, Fc = 1;
  using State = std::array<double, 4>;
  auto rate = [&](double t, const State &y, int mode) {
    double spring = k * (y[2] - y[0]);
    double a1 = mode == 0 ? 0 : (spring - mode * Fc) / m1;
    return State{mode == 0 ? 0 : y[1], a1, y[3], (F0 * std::sin(w * t) - spring) / m2};
  };
  auto step = [&](double t, const State &y, double h, int mode) {
    auto add = [](const State &a, double s, const State &b) {
      State r;
      for (int i = 0; i < 4; ++i)
        r[i] = a[i] + s * b[i];
      return r;
    };
    State k1 = rate(t, y, mode), k2 = rate(t + h / 2, add(y, h / 2, k1), mode),
          k3 = rate(t + h / 2, add(y, h / 2, k2), mode), k4 = rate(t + h, add(y, h, k3), mode);
    State r;
    for (int i = 0; i < 4; ++i)
      r[i] = y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    return r;
  };
  // Negative once the mode must end.
  auto guard = [&](const State &y, int mode) {
    return mode == 0 ? Fs - std::fabs(k * (y[2] - y[0])) : mode * y[1];
  };
  State y{x10, 0, 0, 0};
  double t = 0, h = 1e-4;
  int mode = 0;
  std::vector<std::array<double, 6>> rows{{0, y[0], y[1], y[2], y[3], 0}};
  while (t < stop - 1e-12) {
    double hh = std::min(h, stop - t);
    State next = step(t, y, hh, mode);
    if (guard(next, mode) < 0) {
      double lo = 0, hi = hh;
      for (int i = 0; i < 60; ++i) {
        double mid = (lo + hi) / 2;
        (guard(step(t, y, mid, mode), mode) < 0 ? hi : lo) = mid;
      }
      y = step(t, y, hi, mode);
      t += hi;
      double spring = k * (y[2] - y[0]);
      if (mode != 0)
        y[1] = 0;
      mode = mode == 0 ? (spring > 0 ? 1 : -1) : std::fabs(spring) <= Fs ? 0 : spring > 0 ? 1 : -1;
    } else {
      y = next;
      t += hh;
    }
    rows.push_back({t, y[0], y[1], y[2], y[3], static_cast<double>(mode)});
  }
  return rows;
}

} // namespace

TEST_CASE("stick-slip friction: initialization keeps the path parameter where sticking leaves it free") {
  // At rest with a1 = 0 given, `a1 = if locked then 0 else s - Fs` does not
  // determine s: it is not solved for s (a division by zero), and s keeps
  // its start value 0.5, the friction force that holds the block.
  Run r = run("StickSlip.mo", 0.1);
  INFO(r.err);
  REQUIRE(r.code == 0);
  REQUIRE(r.hasResult);
  CHECK(r.result["locked"].front() == 1);
  CHECK(r.result["s"].front() == doctest::Approx(0.5));
  CHECK(r.result["f"].front() == doctest::Approx(0.5));
  CHECK(r.result["x1"].front() == doctest::Approx(-0.05)); // k (x2 - x1) = f
  for (double x : r.result["x1"]) // still stuck: the spring force stays below Fs
    CHECK(x == doctest::Approx(-0.05));
}

TEST_CASE("stick-slip friction: at each stop the mixed system decides to stick, as the independent solution does") {
  // The block is light: its sliding acceleration is large, and the sliding
  // mode's s at a stop lies beyond the static limit although the spring
  // force does not. Deciding from it (relations held from before the
  // event) started the block sliding again at once, back and forth:
  // chattering. Each round of the event iteration now solves the
  // continuous equations with the relations until they agree.
  Run r = simulateOk("StickSlip.mo");
  auto reference = stickSlipReference(-0.05, r.result["time"].back());
  std::vector<double> expected;
  for (size_t i = 1; i < reference.size(); ++i)
    if (reference[i][5] != reference[i - 1][5])
      expected.push_back(reference[i][0]);
  auto events = eventTimes(r.result, "mode");
  REQUIRE(events.size() == expected.size());
  REQUIRE(expected.size() >= 6);
  for (size_t k = 0; k < expected.size(); ++k) {
    CAPTURE(k);
    CHECK(std::fabs(events[k] - expected[k]) < 2e-4);
  }
  // The positions agree between the events (the reference's step is 1e-4).
  const auto &time = r.result["time"], &x1 = r.result["x1"], &x2 = r.result["x2"];
  size_t j = 0;
  for (size_t i = 0; i < time.size(); ++i) {
    while (j + 1 < reference.size() && reference[j + 1][0] <= time[i])
      ++j;
    CAPTURE(time[i]);
    CHECK(std::fabs(x2[i] - reference[j][3]) < 2e-3);
    CHECK(std::fabs(x1[i] - reference[j][1]) < 2e-3);
  }
}

TEST_CASE("friction breakaway from rest: stuck until the torque reaches tau0, then w = (t - tau0)^2 / 2") {
  // Breakaway.mo: mode starts Unknown, so pre(mode) at initialization is
  // Unknown and the body sticks (MLS 8.6). startForward may hold only in the
  // vanishing interval where the body has left the stuck mode but w is not
  // yet above zero, never together with mode = Forward (the MSL's
  // PartialFriction: RobotR3.OneAxis compares startForward).
  Run r = simulateOk("Breakaway.mo");
  const auto &time = r.result["time"], &w = r.result["w"], &mode = r.result["mode"];
  const auto &startForward = r.result["startForward"], &locked = r.result["locked"];
  REQUIRE(time.size() > 50);
  CHECK(mode.front() == 0);
  CHECK(locked.front() == 1);
  auto forward = eventTimes(r.result, "mode");
  REQUIRE(forward.size() == 1);
  CHECK(forward[0] >= 0.5 - 1e-9);
  CHECK(forward[0] < 0.5 + 1e-3);
  CHECK(after(r.result, "mode", forward[0]) == 1);
  for (size_t i = 0; i < time.size(); ++i) {
    CAPTURE(time[i]);
    if (startForward[i] != 0) {
      CHECK(mode[i] == 0);
      CHECK(time[i] >= 0.5 - 1e-9);
      CHECK(time[i] < 0.5 + 1e-3);
    }
    if (time[i] < 0.5 - 1e-9) {
      CHECK(w[i] == 0);
      CHECK(locked[i] == 1);
    }
    if (time[i] > 0.51)
      CHECK(w[i] == doctest::Approx(0.5 * (time[i] - 0.5) * (time[i] - 0.5)).epsilon(1e-4));
  }
  CHECK(after(r.result, "startForward", 1.0) == 0);
}

TEST_CASE("a relation in an inlined function generates no events") {
  Run r = simulateOk("InlinedRelation.mo");
  CHECK(eventTimes(r.result).empty());
  // x = integral of max(sin(10 t), 0): each positive half-wave adds 0.2.
  const double pi = std::acos(-1.0);
  auto integral = [&](double t) {
    double halfWaves = std::floor(10 * t / pi);
    double whole = std::floor(halfWaves / 2) * 0.2;
    double rest = 10 * t - 2 * pi * std::floor(halfWaves / 2);
    return whole + (rest < pi ? (1 - std::cos(rest)) / 10 : 0.2);
  };
  const auto &time = r.result["time"], &x = r.result["x"], &y = r.result["y"];
  for (size_t i = 0; i < time.size(); ++i) {
    CAPTURE(time[i]);
    CHECK(y[i] == doctest::Approx(std::max(std::sin(10 * time[i]), 0.0)).epsilon(1e-9));
    CHECK(std::fabs(x[i] - integral(time[i])) < 1e-5);
  }
}

TEST_CASE("a Schmitt trigger: the comparator's output jumps where its branch ends") {
  // u = +-15 switches where vc reaches -+10 (the divider's threshold
  // R1 / R2 * Vs), and vc runs at 15 / (R C) = 150 V/s: the first switch at
  // t = 10 / 150, then every 20 / 150 s. IDACalcIC does not find the other
  // branch from the old values; the solver of initialization does.
  Run r = simulateOk("SchmittTrigger.mo");
  const auto &time = r.result["time"], &u = r.result["u"], &vc = r.result["vc"];
  std::vector<double> switches;
  for (size_t i = 1; i < time.size(); ++i)
    if (u[i] * u[i - 1] < 0)
      switches.push_back(time[i]);
  REQUIRE(switches.size() == 4);
  for (size_t k = 0; k < switches.size(); ++k) {
    CAPTURE(k);
    CHECK(std::fabs(switches[k] - (10.0 + 20.0 * k) / 150) < 2e-3);
  }
  for (size_t i = 0; i < time.size(); ++i) {
    CHECK(std::fabs(vc[i]) < 10 + 1e-3);
    CHECK(std::fabs(std::fabs(u[i]) - 15) < 1e-3);
  }
}

TEST_CASE("a when-statement assigns an element chosen at run time; one out of bounds fails") {
  Run r = simulateOk("SampleBuffer.mo");
  const auto &time = r.result["time"];
  // After the sample at 0.1 (k - 1), element k holds 10 k + 0.1 (k - 1);
  // the others keep their start value until their sample.
  for (size_t row = 0; row < time.size(); ++row) {
    bool beforeEvent = row + 1 < time.size() && time[row + 1] == time[row];
    int samples = static_cast<int>(std::floor(time[row] / 0.1 + 1e-9)) + (beforeEvent ? 0 : 1);
    CAPTURE(time[row]);
    double total = 0;
    for (int k = 1; k <= 4; ++k) {
      double expected = k <= samples ? 10 * k + 0.1 * (k - 1) : -1;
      CHECK(std::fabs(r.result["buf[" + std::to_string(k) + "]"][row] - expected) < 1e-9);
      total += expected;
    }
    CHECK(std::fabs(r.result["total"][row] - total) < 1e-9);
  }
  Run bad = run("SampleBufferOverflow.mo");
  CHECK(bad.code == 3);
  CHECK(!bad.hasResult);
  CHECK(bad.err.find("simulation failed at time t = 0.4: index 5 out of bounds for `buf` of size 4 "
                     "(at SampleBufferOverflow.mo:8:5)") != std::string::npos);
}

TEST_CASE("a time relation whose operand reaches DBL_MAX, and assert(false) under a condition") {
  Run r = simulateOk("HeldNextEvent.mo");
  auto events = eventTimes(r.result);
  REQUIRE(events.size() == 2);
  CHECK(std::fabs(events[0] - 0.5) < 1e-9);
  CHECK(std::fabs(events[1] - 1.0) < 1e-9);
  CHECK(r.result["n"].back() == 2);
  Run early = run("HeldNextEvent.mo", 0.7); // one event: the assert at terminal() fails
  CHECK(early.code == 3);
  CHECK(early.err.find("too few events: 1") != std::string::npos);
}

TEST_CASE("a time event whose instant moves: at each instant exactly, none lost a rounding error after an output time") {
  Run r = simulateOk("MovingTimeEvent.mo");
  std::vector<double> expected;
  for (double next = 0.02; next <= 1; next += 0.1) // as the model accumulates it
    expected.push_back(next);
  auto events = eventTimes(r.result, "n");
  REQUIRE(events.size() == expected.size());
  for (size_t i = 0; i < events.size(); ++i)
    CHECK(events[i] == expected[i]); // bit for bit: a time event, not a located crossing
  CHECK(r.result["n"].back() == 10);
  // der(x) = 1 in the last 0.05 before each instant: 0.02 + 9 * 0.05 + 0.03.
  CHECK(std::fabs(r.result["x"].back() - 0.5) < 1e-12);
}

TEST_CASE("a when-statement assigns the outputs of one call of a function of 4,000 samples") {
  // 801 assignments each took one output of the call: each called it again
  // with all 4,000 samples (3.2 million stores, minutes of LLVM); one call
  // stores them all now.
  Run r = run("SpectrumAtEnd.mo", NAN, "info,a[1],a[2],a[17],a[400],b[1],b[2],b[17],b[400]");
  INFO(r.err);
  REQUIRE(r.code == 0);
  REQUIRE(r.hasResult);
  const auto &time = r.result["time"];
  const int ns = 4000, nf = 400;
  double dt = 1e-4, sum = dt * (ns - 1) * ns / 2;
  for (size_t row = 0; row < time.size(); ++row) {
    bool beforeEvent = row + 1 < time.size() && time[row + 1] == time[row];
    bool done = time[row] > 0.5 || (time[row] == 0.5 && !beforeEvent);
    CAPTURE(time[row]);
    CHECK(r.result["info"][row] == (done ? ns : -1));
    for (int k : {1, 2, 17, nf}) {
      double a = done ? k * sum : -1, b = done ? dt * (k - 1) + dt * (ns - k) : -1;
      CHECK(std::fabs(r.result["a[" + std::to_string(k) + "]"][row] - a) < 1e-9 * std::fabs(a));
      CHECK(std::fabs(r.result["b[" + std::to_string(k) + "]"][row] - b) < 1e-12);
    }
  }
}

TEST_CASE("a latch fired by a timer: a when-clause's assignment and the equations that read it hold together") {
  Run r = simulateOk("DelayedFiring.mo");
  const auto &time = r.result["time"], &off = r.result["off"], &x = r.result["x"];
  // The voltage rises at t = 0, 0.02, 0.04 and falls at 0.01, 0.03: off
  // holds from each rise until the delay has passed, and from each fall.
  auto expectedOff = [](double t) {
    double phase = std::fmod(t, 0.02);
    return phase < 0.0016 - 1e-9 || phase >= 0.01 - 1e-9;
  };
  int rises = 0;
  for (size_t i = 0; i < time.size(); ++i) {
    double phase = std::fmod(time[i], 0.02);
    // Skip the rows within 1e-9 of a switching instant (the rows before and
    // after an event share its time).
    if (std::fabs(phase - 0.0016) < 1e-8 || std::fabs(phase - 0.01) < 1e-8 || phase < 1e-8 ||
        0.02 - phase < 1e-8)
      continue;
    CAPTURE(time[i]);
    CHECK((off[i] != 0) == expectedOff(time[i]));
  }
  // x doubles once at each rise (an instant after the start, where s leaves
  // 0, then at t = 0.02 and 0.04), never twice for one.
  for (size_t i = 0; i < time.size(); ++i)
    rises = std::max(rises, static_cast<int>(std::lround(std::log2(x[i]))));
  CHECK(x.back() == doctest::Approx(std::pow(2.0, rises)));
  CHECK(rises == 3);
}

TEST_CASE("delay(): the start value, then the expression delayTime earlier") {
  Run r = simulateOk("DelaySine.mo");
  const auto &time = r.result["time"], &x = r.result["x"], &y = r.result["y"],
             &z = r.result["z"];
  REQUIRE(time.size() > 100);
  for (size_t i = 0; i < time.size(); ++i) {
    double t = time[i];
    CAPTURE(t);
    double expected = t <= 0.5 ? 0.0 : std::sin(t - 0.5);
    // Cubic interpolation between the solver's steps (linear erred by 0.024).
    CHECK(std::fabs(x[i] - expected) < 1e-5);
    CHECK(std::fabs(y[i] - (t <= 0.5 ? 0.0 : 1 - std::cos(t - 0.5))) < 1e-5);
    double T = 0.2 + 0.1 * t;
    if (t - T > 0.5)
      CHECK(std::fabs(z[i] - std::sin(t - T - 0.5)) < 1e-5);
    else
      CHECK(std::fabs(z[i]) < 1e-12);
  }
}

TEST_CASE("delay() of a discrete signal: its steps are events delayTime later") {
  Run r = simulateOk("DelayDiscrete.mo");
  auto events = eventTimes(r.result, "kd");
  REQUIRE(events.size() == 3);
  for (size_t k = 0; k < 3; ++k) {
    CAPTURE(k);
    CHECK(std::fabs(events[k] - (0.75 + static_cast<double>(k))) < 1e-9);
    CHECK(before(r.result, "kd", events[k]) == k);
    CHECK(after(r.result, "kd", events[k]) == k + 1);
    CHECK(after(r.result, "count", events[k]) == k + 1);
  }
  CHECK(before(r.result, "kd", 0.7) == 0);
}

TEST_CASE("the event iteration at the start time is not initialization: change() and not initial() fire there") {
  Run r = simulateOk("InitialEventChange.mo");
  CHECK(after(r.result, "yAtInit", 0.0) == 1); // the initialization saw y = pre(u) = 1
  CHECK(after(r.result, "changes", 0.0) == 1); // y went to 3 in the first round at t = 0
  CHECK(after(r.result, "tNext", 0.0) == doctest::Approx(0.3));
  auto events = eventTimes(r.result, "yDelayed");
  REQUIRE(events.size() == 1);
  CHECK(events[0] == doctest::Approx(0.3));
  CHECK(before(r.result, "yDelayed", 0.3) == 1);
  CHECK(after(r.result, "yDelayed", 0.3) == 3);
}
