// Tests of events in simulate() on hand-written kernels: a bouncing ball
// against its closed form, a sampled controller, a hysteresis switch, a
// state-dependent if, simultaneous roots, a relation of time alone (no
// states), chattering, assertions, terminate() and terminal(), and the rows
// of the result file at events (two at each event, none extra at an output
// time or the stop time that coincides with one).
#include "runtime/Simulator.h"

#include "runtime/RuntimeErrors.h"

#include "TestSupport.h"

#include <doctest/doctest.h>

#include <cmath>
#include <sstream>

using namespace mocc::rt;
using namespace mocc::rt::test;

namespace {

/// The tolerance of these tests unless one says otherwise.
constexpr double defaultTolerance = 1e-10;

/// A finished run: its status, log, statistics and (if it succeeded) rows.
struct Run {
  RunStatus status;
  std::string log;
  SolverStatistics stats;
  CsvTable table;
};

Run simulateModel(const CompiledModel &model, const SimulationOptions &options) {
  Run run;
  std::ostringstream log;
  run.status = simulate(model, options, run.stats, log);
  run.log = log.str();
  if (run.status.ok)
    run.table = readCsv(options.outputPath);
  return run;
}

/// The indices of the rows whose time equals the next row's.
std::vector<std::size_t> eventRows(const CsvTable &table) {
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i + 1 < table.rows.size(); ++i)
    if (table.rows[i][0] == table.rows[i + 1][0])
      rows.push_back(i);
  return rows;
}

/// Checks that times never decrease and that no time has three rows.
void checkTimeline(const CsvTable &table) {
  for (std::size_t i = 0; i + 1 < table.rows.size(); ++i) {
    CHECK(table.rows[i][0] <= table.rows[i + 1][0]);
    if (i + 2 < table.rows.size())
      CHECK(table.rows[i][0] != table.rows[i + 2][0]);
  }
}

bool isEdge(const double *v, int slot, int preSlot) { return v[slot] != 0 && v[preSlot] == 0; }

/// A first-order model x' = f: slots x, der(x), the rest for the test.
CompiledModel firstOrder(const std::string &name, int32_t numSlots, KernelFn residual,
                         KernelJvpFn jvp, KernelFn init) {
  CompiledModel model;
  model.name = name;
  model.numSlots = numSlots;
  model.init.push_back({InitStep::Kind::Assign, init, {}});
  model.ySlot = {0};
  model.ypSlot = {1};
  model.residual = residual;
  model.jvp = jvp;
  model.jacobian = patternFromColumns({{0}}, {0});
  return model;
}

// --- The bouncing ball: h'' = -g; when h < 0 then reinit(v, -e pre(v)).
// Slots: 0 h, 1 v, 2 der(h), 3 der(v), 4 h < 0, 5 pre(h < 0), 6 pre(v), 7 e.
constexpr double gravity = 9.81;

void ballResidual(double, double *v, double *res) {
  res[0] = v[2] - v[1];
  res[1] = v[3] + gravity;
}
void ballJvp(double, const double *, double *dv, double *dres) {
  dres[0] = dv[2] - dv[1];
  dres[1] = dv[3];
}

/// The ball with `setParameters` writing e into slot 7.
CompiledModel ballModel(KernelFn setParameters) {
  CompiledModel model;
  model.name = "Ball";
  model.numSlots = 8;
  model.setParameters = setParameters;
  model.setStartValues = [](double, double *v, double *) { v[0] = 1.0; };
  model.init.push_back({InitStep::Kind::Assign, [](double, double *v, double *) {
                          v[2] = v[1];
                          v[3] = -gravity;
                          v[4] = v[0] < 0;
                        }, {}});
  model.ySlot = {0, 1};
  model.ypSlot = {2, 3};
  model.residual = ballResidual;
  model.jvp = ballJvp;
  model.jacobian = patternFromColumns({{0}, {0, 1}}, {0, 1});
  model.outputs = {{"h", 0}, {"v", 1}, {"der(h)", 2}};
  model.events.zeroCrossings = [](double, double *v, double *g) { g[0] = v[0]; };
  model.events.numZeroCrossings = 1;
  model.events.update = [](double, double *v, double *) {
    v[4] = v[0] < 0;
    if (isEdge(v, 4, 5))
      v[1] = -v[7] * v[6];
  };
  model.events.preSlot = {5, 6};
  model.events.valueSlot = {4, 1};
  return model;
}

/// The impact times of a ball dropped from 1 m: t_1 = sqrt(2 h0 / g), then
/// flights of 2 e^k u0 / g with the impact speed u0 = sqrt(2 g h0).
std::vector<double> impactTimes(double e, double stop) {
  double u0 = std::sqrt(2 * gravity * 1.0);
  std::vector<double> times{u0 / gravity};
  for (double speed = e * u0; times.back() + 2 * speed / gravity < stop; speed *= e)
    times.push_back(times.back() + 2 * speed / gravity);
  return times;
}

} // namespace

TEST_CASE("a bouncing ball: impact times match the closed form, two rows at each event") {
  const double e = 0.8;
  CompiledModel model = ballModel([](double, double *v, double *) { v[7] = 0.8; });
  Run run = simulateModel(model, runOptions("ball.csv", 3.0, 0.01, 3, defaultTolerance));
  REQUIRE_MESSAGE(run.status.ok, run.status.message);
  const CsvTable &table = run.table;
  checkTimeline(table);
  // An impact is an event where v changes from negative to positive.
  std::vector<double> impacts;
  double worst = 0;
  for (std::size_t i : eventRows(table)) {
    const auto &before = table.rows[i], &after = table.rows[i + 1];
    if (!(before[2] < 0 && after[2] > 0))
      continue;
    CHECK(after[2] == -e * before[2]); // reinit: exactly -e pre(v)
    CHECK(after[3] == doctest::Approx(after[2]).epsilon(1e-12)); // der(h) after the restart
    CHECK(std::abs(before[1]) < 1e-9); // h at the impact
    impacts.push_back(before[0]);
  }
  std::vector<double> exact = impactTimes(e, 3.0);
  REQUIRE(impacts.size() == exact.size());
  REQUIRE(impacts.size() >= 6);
  for (std::size_t k = 0; k < exact.size(); ++k) {
    CAPTURE(k);
    CHECK(std::abs(impacts[k] - exact[k]) < 1e-8);
    worst = std::max(worst, std::abs(impacts[k] - exact[k]));
  }
  MESSAGE("largest error of an impact time: " << worst);
  // Each impact gives a second, tiny state event: h, slightly negative at
  // the impact, becomes positive again, and `h < 0` becomes false.
  CHECK(run.stats.stateEvents == 2 * static_cast<long>(exact.size()));
  CHECK(run.stats.timeEvents == 0);
  // Between events, h follows the parabola of the current flight.
  for (const auto &row : table.rows) {
    double t = row[0];
    std::size_t k = 0;
    while (k < exact.size() && exact[k] <= t)
      ++k;
    double h = k == 0 ? 1 - gravity * t * t / 2 : [&] {
      double t0 = exact[k - 1], up = std::pow(e, k) * std::sqrt(2 * gravity);
      return up * (t - t0) - gravity * (t - t0) * (t - t0) / 2;
    }();
    CHECK(row[1] == doctest::Approx(h).epsilon(1e-7).scale(1.0));
  }
}

namespace {

// --- A sampled controller: x' = -u; when sample(0, 0.1): u := x, n := pre(n) + 1.
// Slots: 0 x, 1 der(x), 2 u, 3 n, 4 sample flag, 5 pre(flag), 6 pre(n),
// 7 start, 8 interval.
CompiledModel sampledModel(KernelFn setParameters) {
  CompiledModel model = firstOrder(
      "Sampled", 9, [](double, double *v, double *res) { res[0] = v[1] + v[2]; },
      [](double, const double *, double *dv, double *dres) { dres[0] = dv[1]; },
      [](double, double *v, double *) { v[1] = -v[2]; });
  model.setStartValues = [](double, double *v, double *) { v[0] = 1.0; };
  model.setParameters = setParameters;
  model.outputs = {{"x", 0}, {"u", 2}, {"n", 3}, {"der(x)", 1}};
  model.events.update = [](double, double *v, double *) {
    if (isEdge(v, 4, 5)) {
      v[2] = v[0];
      v[3] = v[6] + 1;
    }
  };
  model.events.preSlot = {5, 6};
  model.events.valueSlot = {4, 3};
  model.events.samples = {{4, 7, 8}};
  return model;
}

} // namespace

TEST_CASE("a sampled controller: exact sample instants, held values between them") {
  CompiledModel model = sampledModel([](double, double *v, double *) {
    v[7] = 0.0;
    v[8] = 0.1;
  });
  Run run = simulateModel(model, runOptions("sampled.csv", 1.05, 0.025, 4, defaultTolerance));
  REQUIRE_MESSAGE(run.status.ok, run.status.message);
  const CsvTable &table = run.table;
  checkTimeline(table);
  // The instant at the start time is the initial event (one row); then
  // 0.1, ..., 1.0 with two rows each, exactly at k * 0.1.
  std::vector<std::size_t> events = eventRows(table);
  REQUIRE(events.size() == 10);
  for (std::size_t j = 0; j < events.size(); ++j) {
    const auto &before = table.rows[events[j]], &after = table.rows[events[j] + 1];
    CAPTURE(j);
    CHECK(before[0] == static_cast<double>(j + 1) * 0.1);
    CHECK(after[2] == after[1]);          // u := x
    CHECK(after[3] == before[3] + 1);     // n := pre(n) + 1
    CHECK(after[4] == doctest::Approx(-after[2]).epsilon(1e-12)); // der(x) = -u after
  }
  CHECK(run.stats.timeEvents == 11); // the start and 10 instants
  CHECK(run.stats.stateEvents == 0);
  // x is piecewise linear: x(0.1 j) = 0.9^j, slope -0.9^j until the next instant.
  for (const auto &row : table.rows) {
    double t = row[0];
    double j = std::floor(t / 0.1 + 1e-9);
    double atSample = std::pow(0.9, j);
    double x = atSample * (1 - (t - 0.1 * j));
    CHECK(row[1] == doctest::Approx(x).epsilon(1e-9));
  }
  // The output times 0.1, 0.2, ... coincide with the instants: only the two
  // event rows are there; the grid has 43 points, 10 of them events.
  CHECK(table.rows.size() == 43 + 10);
  CHECK(table.rows.back()[0] == 1.05);
}

TEST_CASE("a sample clock that starts late, and a time event at the stop time") {
  CompiledModel model = sampledModel([](double, double *v, double *) {
    v[7] = 0.25;
    v[8] = 0.25;
  });
  Run run = simulateModel(model, runOptions("sampled-stop.csv", 1.0, 0.1, 4, defaultTolerance));
  REQUIRE_MESSAGE(run.status.ok, run.status.message);
  const CsvTable &table = run.table;
  checkTimeline(table);
  std::vector<std::size_t> events = eventRows(table);
  REQUIRE(events.size() == 4); // 0.25, 0.5, 0.75, 1.0
  CHECK(table.rows[events.back()][0] == 1.0);
  CHECK(events.back() + 2 == table.rows.size()); // the last two rows are the event at the stop
  CHECK(table.rows.back()[3] == 4);              // n counted the instant at the stop time
  CHECK(table.rows.front()[2] == 0);             // no instant at the start: u keeps its start value
  CHECK(run.stats.timeEvents == 4);
}

namespace {

// --- A thermostat with hysteresis: T' = on ? 2 : -1; when T < 19 then
// on := true; when T > 21 then on := false. Slots: 0 T, 1 der(T), 2 on,
// 3 pre(on), 4 T < 19, 5 pre(T < 19), 6 T > 21, 7 pre(T > 21).
CompiledModel thermostatModel() {
  CompiledModel model = firstOrder(
      "Thermostat", 8,
      [](double, double *v, double *res) { res[0] = v[1] - (v[2] != 0 ? 2.0 : -1.0); },
      [](double, const double *, double *dv, double *dres) { dres[0] = dv[1]; },
      [](double, double *v, double *) {
        v[1] = v[2] != 0 ? 2.0 : -1.0;
        v[4] = v[0] < 19;
        v[6] = v[0] > 21;
      });
  model.setStartValues = [](double, double *v, double *) {
    v[0] = 20;
    v[2] = 1;
  };
  model.outputs = {{"T", 0}, {"on", 2}, {"der(T)", 1}};
  model.events.zeroCrossings = [](double, double *v, double *g) {
    g[0] = v[0] - 19;
    g[1] = v[0] - 21;
  };
  model.events.numZeroCrossings = 2;
  model.events.update = [](double, double *v, double *) {
    v[4] = v[0] < 19;
    v[6] = v[0] > 21;
    if (isEdge(v, 4, 5))
      v[2] = 1;
    if (isEdge(v, 6, 7))
      v[2] = 0;
  };
  model.events.preSlot = {3, 5, 7};
  model.events.valueSlot = {2, 4, 6};
  return model;
}

} // namespace

TEST_CASE("a hysteresis switch: two relations and a discrete state") {
  Run run = simulateModel(thermostatModel(), runOptions("thermostat.csv", 10.0, 0.1, 3, defaultTolerance));
  REQUIRE_MESSAGE(run.status.ok, run.status.message);
  const CsvTable &table = run.table;
  checkTimeline(table);
  // Switches at 0.5 (off), 2.5 (on), 3.5, 5.5, 6.5, 8.5, 9.5.
  std::vector<double> exact = {0.5, 2.5, 3.5, 5.5, 6.5, 8.5, 9.5};
  std::vector<double> switches;
  for (std::size_t i : eventRows(table))
    if (table.rows[i][2] != table.rows[i + 1][2])
      switches.push_back(table.rows[i][0]);
  REQUIRE(switches.size() == exact.size());
  for (std::size_t k = 0; k < exact.size(); ++k)
    CHECK(std::abs(switches[k] - exact[k]) < 1e-12);
  // T between 19 and 21, a sawtooth: T(t) from the switch times.
  for (const auto &row : table.rows) {
    CHECK(row[1] >= 19 - 1e-9);
    CHECK(row[1] <= 21 + 1e-9);
    CHECK(row[3] == doctest::Approx(row[2] != 0 ? 2.0 : -1.0).epsilon(1e-9));
  }
  CHECK(run.stats.stateEvents >= 7);
}

namespace {

// --- x' = if x > 0.5 then -x else -0.25; x(0) = 1. Slots: 0 x, 1 der(x),
// 2 x > 0.5 (held), 3 pre.
double rateOf(const double *v) { return v[2] != 0 ? -v[0] : -0.25; }

CompiledModel kinkModel() {
  CompiledModel model = firstOrder(
      "Kink", 4, [](double, double *v, double *res) { res[0] = v[1] - rateOf(v); },
      [](double, const double *v, double *dv, double *dres) {
        dres[0] = dv[1] + (v[2] != 0 ? dv[0] : 0.0);
      },
      [](double, double *v, double *) {
        v[2] = v[0] > 0.5;
        v[1] = rateOf(v);
      });
  model.setStartValues = [](double, double *v, double *) { v[0] = 1.0; };
  model.outputs = {{"x", 0}, {"der(x)", 1}};
  model.events.zeroCrossings = [](double, double *v, double *g) { g[0] = v[0] - 0.5; };
  model.events.numZeroCrossings = 1;
  model.events.update = [](double, double *v, double *) { v[2] = v[0] > 0.5; };
  model.events.preSlot = {3};
  model.events.valueSlot = {2};
  return model;
}

} // namespace

TEST_CASE("a state-dependent if: an event, then continuous resumption with the other branch") {
  Run run = simulateModel(kinkModel(), runOptions("kink.csv", 2.0, 0.1, 2, defaultTolerance));
  REQUIRE_MESSAGE(run.status.ok, run.status.message);
  const CsvTable &table = run.table;
  std::vector<std::size_t> events = eventRows(table);
  REQUIRE(events.size() == 1);
  const auto &before = table.rows[events[0]], &after = table.rows[events[0] + 1];
  double switchTime = std::log(2.0);
  MESSAGE("event time error: " << before[0] - switchTime);
  CHECK(std::abs(before[0] - switchTime) < 1e-8);
  CHECK(before[1] == after[1]); // x is continuous
  CHECK(before[2] == doctest::Approx(-0.5).epsilon(1e-7));
  CHECK(after[2] == doctest::Approx(-0.25).epsilon(1e-12)); // the new branch's, from IDACalcIC
  for (const auto &row : table.rows) {
    double t = row[0];
    double x = t <= switchTime ? std::exp(-t) : 0.5 - 0.25 * (t - switchTime);
    CHECK(row[1] == doctest::Approx(x).epsilon(1e-7));
  }
}

namespace {

// --- x' = 1 from x = 0 with two relations that change together at t = 0.5:
// x > 0.5 and 2 x > 1. Slots: 0 x, 1 der(x), 2 and 3 the relations, 4 and 5 pre.
CompiledModel twinModel() {
  CompiledModel model = firstOrder(
      "Twins", 6, [](double, double *v, double *res) { res[0] = v[1] - 1; },
      [](double, const double *, double *dv, double *dres) { dres[0] = dv[1]; },
      [](double, double *v, double *) { v[1] = 1; });
  model.outputs = {{"x", 0}, {"a", 2}, {"b", 3}};
  model.events.zeroCrossings = [](double, double *v, double *g) {
    g[0] = v[0] - 0.5;
    g[1] = 2 * v[0] - 1;
  };
  model.events.numZeroCrossings = 2;
  model.events.update = [](double, double *v, double *) {
    v[2] = v[0] > 0.5;
    v[3] = 2 * v[0] > 1;
  };
  model.events.preSlot = {4, 5};
  model.events.valueSlot = {2, 3};
  return model;
}

} // namespace

TEST_CASE("two roots at the same time are one event; a root exactly at a zero moves on") {
  Run run = simulateModel(twinModel(), runOptions("twins.csv", 1.0, 0.25, 3, defaultTolerance));
  REQUIRE_MESSAGE(run.status.ok, run.status.message);
  const CsvTable &table = run.table;
  std::vector<std::size_t> events = eventRows(table);
  REQUIRE(events.size() == 1);
  CHECK(run.stats.stateEvents == 1);
  const auto &before = table.rows[events[0]], &after = table.rows[events[0] + 1];
  // x' = 1 is integrated exactly: the event is at 0.5 (x - 0.5 is then
  // exactly 0 and x > 0.5 still false, so it moves on) or just after it.
  CHECK(before[0] > 0.5);
  CHECK(before[0] < 0.5 + 1e-13);
  CHECK(before[2] == 0);
  CHECK(before[3] == 0);
  CHECK(after[2] == 1);
  CHECK(after[3] == 1);
  CHECK(table.rows.back()[2] == 1);
}

TEST_CASE("a model without states: a relation of time is located by IDA on an internal clock") {
  // y = if time > 0.3 then 1 else 0. Slots: 0 y, 1 time > 0.3, 2 pre.
  CompiledModel model;
  model.name = "Step";
  model.numSlots = 3;
  model.residual = [](double, double *v, double *) { v[0] = v[1]; };
  model.outputs = {{"y", 0}};
  model.events.zeroCrossings = [](double t, double *, double *g) { g[0] = t - 0.3; };
  model.events.numZeroCrossings = 1;
  model.events.update = [](double t, double *v, double *) { v[1] = t > 0.3; };
  model.events.preSlot = {2};
  model.events.valueSlot = {1};
  Run run = simulateModel(model, runOptions("step.csv", 1.0, 0.25, 1, defaultTolerance));
  REQUIRE_MESSAGE(run.status.ok, run.status.message);
  std::vector<std::size_t> events = eventRows(run.table);
  REQUIRE(events.size() == 1);
  const auto &before = run.table.rows[events[0]], &after = run.table.rows[events[0] + 1];
  CHECK(std::abs(before[0] - 0.3) < 1e-14);
  CHECK(before[1] == 0);
  CHECK(after[1] == 1);
  CHECK(run.table.rows.size() == 5 + 2);
}

namespace {

// --- An ideal relay: x' = if x > 0 then -1 else 1, from x = 0.5. At x = 0
// it switches at every step. Slots: 0 x, 1 der(x), 2 x > 0, 3 pre.
CompiledModel relayModel() {
  CompiledModel model = firstOrder(
      "Relay", 4,
      [](double, double *v, double *res) { res[0] = v[1] - (v[2] != 0 ? -1.0 : 1.0); },
      [](double, const double *, double *dv, double *dres) { dres[0] = dv[1]; },
      [](double, double *v, double *) {
        v[2] = v[0] > 0;
        v[1] = v[2] != 0 ? -1.0 : 1.0;
      });
  model.setStartValues = [](double, double *v, double *) { v[0] = 0.5; };
  model.outputs = {{"x", 0}};
  model.events.zeroCrossings = [](double, double *v, double *g) { g[0] = v[0]; };
  model.events.numZeroCrossings = 1;
  model.events.update = [](double, double *v, double *) { v[2] = v[0] > 0; };
  model.events.preSlot = {3};
  model.events.valueSlot = {2};
  return model;
}

} // namespace

TEST_CASE("a chattering relay is reported with the time and leaves no file") {
  SimulationOptions options = runOptions("relay.csv", 1.0, 0.1, 1, defaultTolerance);
  Run run = simulateModel(relayModel(), options);
  REQUIRE_FALSE(run.status.ok);
  INFO(run.status.message);
  CHECK(run.status.message.rfind("simulation failed at time t = 0.5: chattering: 500 state "
                                 "events between t = 0.5",
                                 0) == 0);
  CHECK(std::abs(run.status.time - 0.5) < 1e-9);
  CHECK(scratchFiles("relay.csv").empty());
}

namespace {

// --- Assertions on the decay x' = -x: slots 0 x, 1 der(x).
CompiledModel decayModel() {
  CompiledModel model = firstOrder(
      "Decay", 4, [](double, double *v, double *res) { res[0] = v[1] + v[0]; },
      [](double, const double *, double *dv, double *dres) { dres[0] = dv[1] + dv[0]; },
      [](double, double *v, double *) { v[1] = -v[0]; });
  model.setStartValues = [](double, double *v, double *) { v[0] = 1.0; };
  model.outputs = {{"x", 0}, {"terminal x", 2}};
  return model;
}

} // namespace

TEST_CASE("a failed assertion stops the run at an output time with its message") {
  CompiledModel model = decayModel();
  model.events.assertions = [](double, double *v, double *) {
    if (!(v[0] >= 0.3))
      mocc_runtime_error("assertion failed: x = %r is too small", v);
  };
  SimulationOptions options = runOptions("assert.csv", 2.0, 0.1, 1, defaultTolerance);
  Run run = simulateModel(model, options);
  REQUIRE_FALSE(run.status.ok);
  // exp(-t) < 0.3 from t = 1.204: the first output time after it is 1.3.
  CHECK(run.status.message ==
        "simulation failed at time t = 1.3: assertion failed: x = 0.272532 is too small");
  CHECK(run.status.time == doctest::Approx(1.3));
  CHECK(scratchFiles("assert.csv").empty());
}

TEST_CASE("a warning of the assertions is logged and the run goes on") {
  clearRuntimeMessages();
  CompiledModel model = decayModel();
  model.events.assertions = [](double, double *v, double *) {
    static bool warned = false; // what generated code does per assert
    if (!(v[0] >= 0.3) && !warned) {
      warned = true;
      mocc_runtime_warning("assertion failed: x = %r is small", v);
    }
  };
  Run run = simulateModel(model, runOptions("warn.csv", 2.0, 0.1, 1, defaultTolerance));
  REQUIRE_MESSAGE(run.status.ok, run.status.message);
  CHECK(run.log == "warning: assertion failed: x = 0.272532 is small\n");
  CHECK(run.table.rows.back()[0] == 2.0);
}

TEST_CASE("terminate() ends the run successfully after its event, with terminal()") {
  // when x < 0.5 then terminate("..."); when terminal() then y := x.
  // Slots: 0 x, 1 der(x), 2 y, 3 x < 0.5, 4 pre, 5 terminal().
  CompiledModel model = decayModel();
  model.numSlots = 6;
  model.events.zeroCrossings = [](double, double *v, double *g) { g[0] = v[0] - 0.5; };
  model.events.numZeroCrossings = 1;
  model.events.update = [](double, double *v, double *) {
    v[3] = v[0] < 0.5;
    if (isEdge(v, 3, 4))
      mocc_runtime_terminate("x = %r is below 0.5", v);
    if (v[5] != 0)
      v[2] = v[0];
  };
  model.events.preSlot = {4};
  model.events.valueSlot = {3};
  model.events.terminalSlot = 5;
  SimulationOptions options = runOptions("terminate.csv", 10.0, 0.1, 2, defaultTolerance);
  options.verbose = true;
  Run run = simulateModel(model, options);
  REQUIRE_MESSAGE(run.status.ok, run.status.message);
  CHECK(run.log.rfind("terminated at time t = 0.693147: x = 0.5 is below 0.5\n", 0) == 0);
  CHECK(run.log.find("  events: 1 state, 0 time (event iterations: ") != std::string::npos);
  const CsvTable &table = run.table;
  REQUIRE(table.rows.size() == 7 + 2); // 0, ..., 0.6 and the event's two rows
  const auto &before = table.rows[7], &after = table.rows[8];
  CHECK(before[0] == after[0]);
  CHECK(std::abs(after[0] - std::log(2.0)) < 1e-8);
  CHECK(before[2] == 0);
  CHECK(after[2] == after[1]); // terminal(): y := x in the last row
}

TEST_CASE("terminate() in the initial event ends the run at the start time") {
  CompiledModel model = decayModel();
  model.events.initialSlot = 3;
  // `when initial() then terminate(...)`: an effect of a branch that fires
  // at initialization, run once with initial() = 1.
  model.events.assertions = [](double, double *v, double *) {
    if (v[3] != 0)
      mocc_runtime_terminate("nothing to do", nullptr);
  };
  Run run = simulateModel(model, runOptions("terminate0.csv", 1.0, 0.1, 1, defaultTolerance));
  REQUIRE_MESSAGE(run.status.ok, run.status.message);
  CHECK(run.log == "terminated at time t = 0: nothing to do\n");
  REQUIRE(run.table.rows.size() == 1);
  CHECK(run.table.rows[0][0] == 0.0);
}

TEST_CASE("an event iteration that does not converge names the values that keep changing") {
  // update: n := pre(n) + 1 at every iteration. Slots: 0 x, 1 der(x), 2 n, 3 pre(n).
  CompiledModel model = decayModel();
  model.outputs = {{"x", 0}, {"n", 2}};
  model.events.update = [](double, double *v, double *) { v[2] = v[3] + 1; };
  model.events.preSlot = {3};
  model.events.valueSlot = {2};
  model.events.maxEventIterations = 20;
  Run run = simulateModel(model, runOptions("loop.csv", 1.0, 0.1, 1, defaultTolerance));
  REQUIRE_FALSE(run.status.ok);
  CHECK(run.status.message == "simulation failed at time t = 0: the initial event iteration did "
                              "not converge after 20 rounds; still changing: `n`");
}

TEST_CASE("an event iteration without an update kernel is bounded too") {
  // b = not pre(b) computed by the residual kernel: every round changes b
  // (it hung before). Slots: 0 x, 1 der(x), 2 b, 3 pre(b).
  CompiledModel model = decayModel();
  model.residual = [](double, double *v, double *res) {
    v[2] = v[3] == 0 ? 1 : 0;
    res[0] = v[1] + v[0];
  };
  model.outputs = {{"x", 0}, {"b", 2}};
  model.events.preSlot = {3};
  model.events.valueSlot = {2};
  Run run = simulateModel(model, runOptions("flip.csv", 1.0, 0.1, 1, defaultTolerance));
  REQUIRE_FALSE(run.status.ok);
  CHECK(run.status.message == "simulation failed at time t = 0: the initial event iteration did "
                              "not converge after 100 rounds; still changing: `b`");
  CHECK(scratchFiles("flip.csv").empty());
}

TEST_CASE("initial() is 1 in initialization only, not in the event iteration at the start") {
  // Slots: 0 x, 1 der(x), 2 initial(), 3 seen during init, 4 seen at the
  // initial event, 5 seen later. The initialization phase ends with the
  // initialization problem's solution (MLS 3.7.3, 8.6): the event iteration
  // at the start time runs with initial() = 0.
  CompiledModel model = decayModel();
  model.numSlots = 6;
  model.init.push_back({InitStep::Kind::Assign, [](double, double *v, double *) { v[3] = v[2]; }, {}});
  model.events.initialSlot = 2;
  model.events.update = [](double t, double *v, double *) {
    if (t == 0 && v[2] != 0)
      v[4] = 1;
    if (v[2] != 0 && t > 0)
      v[5] = 1;
  };
  model.outputs = {{"x", 0}, {"init", 3}, {"event", 4}, {"later", 5}, {"initial", 2}};
  Run run = simulateModel(model, runOptions("initial.csv", 1.0, 0.5, 5, defaultTolerance));
  REQUIRE_MESSAGE(run.status.ok, run.status.message);
  for (const auto &row : run.table.rows) {
    CHECK(row[2] == 1);
    CHECK(row[3] == 0);
    CHECK(row[4] == 0);
    CHECK(row[5] == 0);
  }
}

namespace {

// --- A point on the unit circle, x' = -y, y' = x, x^2 + y^2 = 1, with two
// state sets (x or y as the state, the other one algebraic), and an event
// counter: when y > 0.5 then n := pre(n) + 1. Slots: 0 x, 1 y, 2 der(x),
// 3 der(y), 4 y > 0.5, 5 pre, 6 n, 7 pre(n).
void xStateResidual(double, double *v, double *res) {
  v[3] = v[0];
  res[0] = v[2] + v[1];
  res[1] = v[0] * v[0] + v[1] * v[1] - 1;
}
void xStateJvp(double, const double *v, double *dv, double *dres) {
  dv[3] = dv[0];
  dres[0] = dv[2] + dv[1];
  dres[1] = 2 * v[0] * dv[0] + 2 * v[1] * dv[1];
}
void yStateResidual(double, double *v, double *res) {
  v[2] = -v[1];
  res[0] = v[3] - v[0];
  res[1] = v[0] * v[0] + v[1] * v[1] - 1;
}
void yStateJvp(double, const double *v, double *dv, double *dres) {
  dv[2] = -dv[1];
  dres[0] = dv[3] - dv[0];
  dres[1] = 2 * v[0] * dv[0] + 2 * v[1] * dv[1];
}

StateSet circleSet(bool xState) {
  StateSet set;
  set.ySlot = xState ? std::vector<int32_t>{0, 1} : std::vector<int32_t>{1, 0};
  set.ypSlot = xState ? std::vector<int32_t>{2, -1} : std::vector<int32_t>{3, -1};
  set.residual = xState ? xStateResidual : yStateResidual;
  set.jvp = xState ? xStateJvp : yStateJvp;
  set.jacobian = patternFromColumns({{0, 1}, {0, 1}}, {0, 1});
  // The pivot: d(x^2 + y^2)/dt = 2 x der(x) + 2 y der(y); the dummy
  // derivative's column must be nonsingular.
  set.pivotBlocks = {PivotBlock{{0}, {xState ? 1 : 0}}};
  set.description = xState ? "x" : "y";
  return set;
}

CompiledModel circleModel() {
  CompiledModel model;
  model.name = "Circle";
  model.numSlots = 8;
  model.setStartValues = [](double, double *v, double *) { v[0] = 1.0; };
  model.init.push_back({InitStep::Kind::Assign, [](double, double *v, double *) {
                          v[2] = -v[1];
                          v[3] = v[0];
                        }, {}});
  StateSet first = circleSet(true);
  model.ySlot = first.ySlot;
  model.ypSlot = first.ypSlot;
  model.residual = first.residual;
  model.jvp = first.jvp;
  model.jacobian = first.jacobian;
  DynamicStateSelection &selection = model.stateSelection;
  selection.sets = {first, circleSet(false)};
  selection.pivots = [](double, double *v, double *res) {
    res[0] = 2 * v[0] * v[2] + 2 * v[1] * v[3];
  };
  selection.pivotsJvp = [](double, const double *v, double *dv, double *dres) {
    dres[0] = 2 * (v[2] * dv[0] + v[0] * dv[2] + v[3] * dv[1] + v[1] * dv[3]);
  };
  selection.numPivotRows = 1;
  selection.columns = {2, 3};
  model.outputs = {{"x", 0}, {"y", 1}, {"n", 6}};
  model.events.zeroCrossings = [](double, double *v, double *g) { g[0] = v[1] - 0.5; };
  model.events.numZeroCrossings = 1;
  model.events.update = [](double, double *v, double *) {
    v[4] = v[1] > 0.5;
    if (isEdge(v, 4, 5))
      v[6] = v[7] + 1;
  };
  model.events.preSlot = {5, 7};
  model.events.valueSlot = {4, 6};
  return model;
}

} // namespace

TEST_CASE("events and switches of dynamic state selection restart IDA in turn") {
  SimulationOptions options = runOptions("circle.csv", 10.0, 0.05, 3, 1e-8);
  Run run = simulateModel(circleModel(), options);
  REQUIRE_MESSAGE(run.status.ok, run.status.message);
  const CsvTable &table = run.table;
  checkTimeline(table);
  CHECK(run.stats.stateSetSwitches >= 4);
  // y = sin t crosses 0.5 at pi/6 and 5 pi/6 (mod 2 pi); n counts the rises.
  const double pi = std::acos(-1.0);
  std::vector<double> exact = {pi / 6, 5 * pi / 6, 2 * pi + pi / 6, 2 * pi + 5 * pi / 6};
  std::vector<std::size_t> events = eventRows(table);
  REQUIRE(events.size() == exact.size());
  for (std::size_t k = 0; k < exact.size(); ++k) {
    CAPTURE(k);
    CHECK(std::abs(table.rows[events[k]][0] - exact[k]) < 1e-6);
    CHECK(table.rows[events[k] + 1][3] == (k < 2 ? 1 : 2));
  }
  // Every output time is there, and the point stays on the circle at cos t, sin t.
  CHECK(table.rows.size() == 201 + 2 * exact.size());
  for (const auto &row : table.rows) {
    CHECK(row[1] == doctest::Approx(std::cos(row[0])).epsilon(1e-5).scale(1.0));
    CHECK(row[2] == doctest::Approx(std::sin(row[0])).epsilon(1e-5).scale(1.0));
  }
}

TEST_CASE("a slot that is not finite stops the run before its row is written") {
  // Slots: 0 x, 1 der(x), 2 y = log(x - 0.5): NaN once x < 0.5 (t > ln 2).
  CompiledModel model = decayModel();
  model.residual = [](double, double *v, double *res) {
    v[2] = std::log(v[0] - 0.5);
    res[0] = v[1] + v[0];
  };
  model.outputs = {{"x", 0}};
  Run run = simulateModel(model, runOptions("nan.csv", 1.0, 0.1, 1, defaultTolerance));
  REQUIRE_FALSE(run.status.ok);
  // y is not written, but a NaN anywhere is an error: at the first output
  // time after ln 2 = 0.693. Without the compiler's explanation, the slot.
  CHECK(run.status.message == "simulation failed at time t = 0.7: slot 2 is NaN");
  CHECK(scratchFiles("nan.csv").empty());
}
