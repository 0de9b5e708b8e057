// Tests of the output grid: both ends exact, no near-duplicate last point,
// spans the interval does not divide.
#include "runtime/OutputGrid.h"

#include <doctest/doctest.h>

using mocc::rt::OutputGrid;

TEST_CASE("a dividing interval gives span / interval + 1 points") {
  OutputGrid grid(0.0, 1.0, 0.25);
  REQUIRE(grid.size() == 5);
  CHECK(grid.time(0) == 0.0);
  CHECK(grid.time(2) == 0.5);
  CHECK(grid.time(4) == 1.0);
}

TEST_CASE("a non-dividing interval ends exactly at stop") {
  OutputGrid grid(0.0, 1.0, 0.3);
  REQUIRE(grid.size() == 5);
  CHECK(grid.time(3) == doctest::Approx(0.9));
  CHECK(grid.time(4) == 1.0);
}

TEST_CASE("rounding in span / interval does not add a near-duplicate point") {
  // (2 - 1) / 0.1 and 0.3 / 0.1 are not whole numbers in binary.
  OutputGrid tenths(1.0, 2.0, 0.1);
  CHECK(tenths.size() == 11);
  CHECK(tenths.time(10) == 2.0);
  CHECK(tenths.time(9) < 2.0 - 0.05);
  OutputGrid three(0.0, 0.3, 0.1);
  CHECK(three.size() == 4);
  CHECK(three.time(3) == 0.3);
  OutputGrid many(0.0, 10.0, 0.002);
  CHECK(many.size() == 5001);
  CHECK(many.time(2500) == 2500 * 0.002); // no accumulated sum
}

TEST_CASE("a zero span gives the start point alone") {
  OutputGrid grid(3.0, 3.0, 0.1);
  REQUIRE(grid.size() == 1);
  CHECK(grid.time(0) == 3.0);
}
