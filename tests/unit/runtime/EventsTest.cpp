// Tests of the solver-free parts of event handling: the schedule of sample
// clocks (exact instants k * interval, a late start, instants merged within
// the tolerance, a bad interval), pre() values, and chattering detection.
#include "runtime/Events.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace mocc::rt;

namespace {

/// Slots: 0 flag of clock A, 1 start A, 2 interval A, 3 flag B, 4 start B, 5 interval B.
std::vector<SampleClock> twoClocks() { return {{0, 1, 2}, {3, 4, 5}}; }

} // namespace

TEST_CASE("sample instants are start + k interval, without accumulated rounding") {
  std::vector<double> v = {0, 0.0, 0.1, 0, 0.05, 0.3};
  SampleSchedule schedule;
  REQUIRE(schedule.setUp(twoClocks(), v, 0.0, 1e-15).empty());
  CHECK(schedule.next() == 0.0);
  CHECK(schedule.raiseDue(0.0, 1e-15, v));
  CHECK(v[0] == 1);
  CHECK(v[3] == 0);
  schedule.lowerFlags(v);
  CHECK(v[0] == 0);
  // A thousand instants of A: each exactly k * 0.1 (adding 0.1 up would
  // drift); B's at 0.05 + k * 0.3 come in between.
  int countA = 1, countB = 0;
  for (double t = schedule.next(); t <= 100.0; t = schedule.next()) {
    bool a = std::abs(t - countA * 0.1) < 1e-12, b = std::abs(t - (0.05 + countB * 0.3)) < 1e-12;
    REQUIRE((a || b));
    if (a)
      CHECK(t == static_cast<double>(countA++) * 0.1);
    if (b)
      CHECK(t == 0.05 + static_cast<double>(countB++) * 0.3);
    REQUIRE(schedule.raiseDue(t, 1e-15, v));
    CHECK(v[0] == (a ? 1 : 0));
    CHECK(v[3] == (b ? 1 : 0));
    schedule.lowerFlags(v);
  }
  CHECK(countA == 1001);
  CHECK(countB == 334);
}

TEST_CASE("a clock that started before the start time, and instants within the tolerance") {
  std::vector<double> v = {0, -1.0, 0.25, 0, 0.0, 1.0 / 3};
  SampleSchedule schedule;
  REQUIRE(schedule.setUp(twoClocks(), v, 0.6, 1e-12).empty());
  CHECK(schedule.next() == 2.0 / 3); // B: 2 * (1/3)
  CHECK(schedule.raiseDue(2.0 / 3, 1e-12, v));
  CHECK(v[0] == 0);
  CHECK(v[3] == 1);
  schedule.lowerFlags(v);
  CHECK(schedule.next() == 0.75); // A: -1 + 7 * 0.25
  CHECK(schedule.raiseDue(0.75, 1e-12, v));
  schedule.lowerFlags(v);
  // B's instant 3 * (1/3) and A's -1 + 8 * 0.25 = 1 are one instant.
  CHECK(schedule.next() == doctest::Approx(1.0));
  CHECK(schedule.raiseDue(1.0 - 1e-13, 1e-12, v));
  CHECK(v[0] == 1);
  CHECK(v[3] == 1);
  CHECK(schedule.next() == 1.25);
  // At the start time exactly: due at once.
  REQUIRE(schedule.setUp(twoClocks(), v, 0.75, 1e-12).empty());
  CHECK(schedule.next() == 0.75);
  CHECK_FALSE(schedule.raiseDue(0.7, 1e-12, v));
}

TEST_CASE("a sample interval that is not positive is refused") {
  std::vector<double> v = {0, 0.0, 0.0, 0, 0.0, 1.0};
  SampleSchedule schedule;
  CHECK(schedule.setUp(twoClocks(), v, 0.0, 0.0) ==
        "sample(0, 0) needs a finite start and a positive interval");
  v[2] = NAN;
  CHECK_FALSE(schedule.setUp(twoClocks(), v, 0.0, 0.0).empty());
  CHECK(SampleSchedule().next() == INFINITY);
}

TEST_CASE("pre values: saved from their values; changes found, NaN equal to NaN") {
  EventModel events;
  events.preSlot = {3, 4};
  events.valueSlot = {0, 1};
  PreValues pre(events);
  std::vector<double> v = {1, NAN, 7, 0, 0};
  pre.save(v);
  CHECK(v[3] == 1);
  CHECK(std::isnan(v[4]));
  CHECK(pre.changed(v).empty());
  v[0] = 2;
  v[2] = 8; // not a pair
  CHECK(pre.changed(v) == std::vector<int32_t>{0});
  v[1] = 5;
  CHECK(pre.changed(v) == std::vector<int32_t>{0, 1});
}

TEST_CASE("chattering: many state events in a tiny window, not a steady stream") {
  ChatteringDetector steady(10.0, 50, 1e-6);
  for (int k = 0; k < 10000; ++k) // one event per millisecond: fine
    REQUIRE_FALSE(steady.record(k * 1e-3));
  ChatteringDetector piling(10.0, 50, 1e-6);
  std::optional<std::string> message;
  int k = 0;
  for (; k < 100 && !message; ++k)
    message = piling.record(5.0 + k * 1e-13);
  CHECK(k == 50);
  REQUIRE(message);
  CHECK(message->rfind("chattering: 50 state events between t = 5 and t = 5.0000000000049", 0) ==
        0);
  // Events that accumulate geometrically towards 1 (a Zeno point): found
  // once 50 of them lie within 1e-5.
  ChatteringDetector zeno(10.0, 50, 1e-6);
  message.reset();
  double t = 0;
  for (k = 0; k < 200 && !message; ++k)
    message = zeno.record(t += std::pow(0.8, k) * 0.2);
  CHECK(message);
  CHECK(k > 50);
}
