// Unit tests of the tube comparison of result files.
#include "runtime/ResultCompare.h"

#include <cmath>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace mocc::rt;

namespace {

/// A table of time and one signal y = f(t) at n + 1 points over [0, 1].
ResultTable table(int n, double (*f)(double), double shift = 0) {
  ResultTable t;
  t.names = {"time", "y"};
  t.columns.resize(2);
  for (int i = 0; i <= n; ++i) {
    double time = static_cast<double>(i) / n;
    t.columns[0].push_back(time);
    t.columns[1].push_back(f(time) + shift);
  }
  return t;
}

double wave(double t) { return std::sin(6.283185307179586 * t); }

} // namespace

TEST_CASE("a result close to the reference passes, one shifted beyond the tube fails") {
  ResultTable reference = table(500, wave);
  // The tube is 0.002 of the range (2) high: 0.004 either way.
  CHECK(compareResults(table(137, wave, 0.003), reference, {"y"}, 0.002)[0].passed);
  auto failed = compareResults(table(137, wave, 0.006), reference, {"y"}, 0.002)[0];
  CHECK_FALSE(failed.passed);
  CHECK(failed.detail.find("outside the tube") != std::string::npos);
}

TEST_CASE("the tube is also dx wide in time, so a small delay passes") {
  ResultTable reference = table(1000, wave);
  // (Away from t = 0, where the reference has no earlier values.)
  ResultTable delayed = table(200, [](double t) { return t < 0.01 ? wave(t) : wave(t - 0.0015); });
  CHECK(compareResults(delayed, reference, {"y"}, 0.002)[0].passed);
  ResultTable late = table(200, [](double t) { return t < 0.01 ? wave(t) : wave(t - 0.01); });
  CHECK_FALSE(compareResults(late, reference, {"y"}, 0.002)[0].passed);
}

TEST_CASE("a jump at an event is covered on both sides") {
  // Reference: a step from 0 to 1 at t = 0.5 (two rows at t = 0.5).
  ResultTable reference;
  reference.names = {"time", "y"};
  reference.columns = {{0, 0.25, 0.5, 0.5, 0.75, 1}, {0, 0, 0, 1, 1, 1}};
  ResultTable result;
  result.names = {"time", "y"};
  result.columns = {{0, 0.499, 0.5, 0.5, 0.501, 0.51, 1}, {0, 0, 0, 1, 0.5, 1, 1}};
  // Within dx of the event any value between the two levels is inside.
  CHECK(compareResults(result, reference, {"y"}, 0.002)[0].passed);
  result.columns[1][5] = 0.5; // half way up, 0.01 after the event: outside
  CHECK_FALSE(compareResults(result, reference, {"y"}, 0.002)[0].passed);
}

TEST_CASE("a signal missing from the result fails; samples outside the range are ignored") {
  ResultTable reference = table(100, wave);
  ResultTable result;
  result.names = {"time", "z"};
  result.columns = {{0, 1}, {0, 0}};
  auto c = compareResults(result, reference, {"y"}, 0.002);
  CHECK_FALSE(c[0].passed);
  CHECK(c[0].detail == "missing from the result");
  ResultTable longer = table(100, wave);
  longer.columns[0].push_back(2.0);
  longer.columns[1].push_back(100.0); // after the reference ends
  CHECK(compareResults(longer, reference, {"y"}, 0.002)[0].passed);
}

TEST_CASE("a failure names its first sample outside, the tube there and the count outside") {
  ResultTable reference = table(100, [](double) { return 1.0; });
  ResultTable result = table(10, [](double t) { return t >= 0.55 ? 1.1 : 1.0; });
  auto c = compareResults(result, reference, {"y"}, 0.002)[0];
  CHECK_FALSE(c.passed);
  // A constant 1: dy = 0.002 * max(0, |1|, 0.001) = 0.002.
  CHECK(c.time == doctest::Approx(0.6));
  CHECK(c.value == doctest::Approx(1.1));
  CHECK(c.lower == doctest::Approx(0.998));
  CHECK(c.upper == doctest::Approx(1.002));
  CHECK(c.outside == 5); // t = 0.6, 0.7, 0.8, 0.9, 1
}

TEST_CASE("the tube's bounds: the reference's extremes within dx, widened by dy") {
  // A ramp y = t over [0, 1]: dx = dy = 0.002.
  std::vector<double> t = {0, 0.5, 1}, y = {0, 0.5, 1};
  TubeSize size = tubeSize(t, y, 0.002);
  CHECK(size.dx == doctest::Approx(0.002));
  CHECK(size.dy == doctest::Approx(0.002));
  auto [lower, upper] = tubeBounds(t, y, size, 0.25);
  CHECK(lower == doctest::Approx(0.25 - 0.002 - 0.002));
  CHECK(upper == doctest::Approx(0.25 + 0.002 + 0.002));
  // At a step (two rows at t = 0.5) both levels are in the window.
  std::vector<double> ts = {0, 0.5, 0.5, 1}, ys = {0, 0, 1, 1};
  std::tie(lower, upper) = tubeBounds(ts, ys, tubeSize(ts, ys, 0.002), 0.501);
  CHECK(lower == doctest::Approx(-0.002));
  CHECK(upper == doctest::Approx(1.002));
}

TEST_CASE("reading only some columns keeps time and those, in the file's order") {
  std::string path = std::filesystem::temp_directory_path() /
                     ("mocc_compare_only_" + std::to_string(::getpid()) + ".csv");
  {
    std::ofstream out(path);
    out << "\"time\",\"a\",\"b\",\"c\"\n0,1,2,3\n1,4,5,6\n";
  }
  std::string error;
  std::vector<std::string> only = {"c", "a", "missing"};
  auto table = readResultTable(path, error, &only);
  std::filesystem::remove(path);
  REQUIRE(table);
  CHECK(table->names == std::vector<std::string>{"time", "a", "c"});
  CHECK(table->columns[2] == std::vector<double>{3, 6});
  CHECK(table->column("b") == nullptr);
}
