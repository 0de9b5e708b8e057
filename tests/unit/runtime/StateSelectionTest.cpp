// Tests of dynamic state selection's run-time logic: determinants of pivot
// blocks, the rating of state sets from a hand-written pivot kernel, and the
// choice with hysteresis.
#include "runtime/StateSelection.h"

#include <cmath>
#include <doctest/doctest.h>
#include <limits>

using namespace mocc::rt;

TEST_CASE("the determinant of a pivot block, with row exchanges") {
  // Column-major 3 x 4; the block takes rows {0, 1, 2} and columns {3, 1, 0}:
  //   [0 2 1]
  //   [3 1 0]   det = 0*(1*1-0*4) - 2*(3*1-0*2) + 1*(3*4-1*2) = -6 + 10 = 4
  //   [2 4 1]
  std::vector<double> m = {1, 0, 1, /* col 0 */ 2, 1, 4, /* col 1 */ 9, 9, 9, /* col 2 */
                           0, 3, 2 /* col 3 */};
  PivotBlock block{{0, 1, 2}, {3, 1, 0}};
  CHECK(logAbsDeterminant(m, 3, block) == doctest::Approx(std::log(4.0)));
  // A block of one entry, and a singular one.
  CHECK(logAbsDeterminant(m, 3, PivotBlock{{1}, {3}}) == doctest::Approx(std::log(3.0)));
  CHECK(logAbsDeterminant(m, 3, PivotBlock{{0}, {3}}) == -std::numeric_limits<double>::infinity());
  CHECK(logRating(m, 3, {PivotBlock{{1}, {3}}, PivotBlock{{0, 1, 2}, {3, 1, 0}}}) ==
        doctest::Approx(std::log(12.0)));
}

TEST_CASE("the best set is chosen at once; later only when the current one is clearly worse") {
  std::vector<double> ratings = {std::log(1.0), std::log(4.0), std::log(2.0)};
  CHECK(chooseStateSet(ratings, -1, 0.1) == 1);
  CHECK(chooseStateSet(ratings, 0, 0.1) == 0);  // 1 >= 0.1 * 4: stays
  CHECK(chooseStateSet(ratings, 0, 0.5) == 1);  // 1 < 0.5 * 4: switches to the best
  ratings[0] = -std::numeric_limits<double>::infinity();
  CHECK(chooseStateSet(ratings, 0, 0.1) == 1);  // singular: leaves
  // Ties go to the lower index.
  CHECK(chooseStateSet(std::vector<double>{0.5, 0.5}, -1, 0.1) == 0);
}

namespace {
// Slots: 0 x, 1 y, 2 der(x), 3 der(y). The pivot kernel's one residual is
// the derivative of the rod x^2 + y^2 = 1: 2 x der(x) + 2 y der(y).
void pivots(double, double *v, double *res) { res[0] = 2 * v[0] * v[2] + 2 * v[1] * v[3]; }
void pivotsJvp(double, const double *v, double *dv, double *dres) {
  dres[0] = 2 * v[2] * dv[0] + 2 * v[0] * dv[2] + 2 * v[3] * dv[1] + 2 * v[1] * dv[3];
}
} // namespace

TEST_CASE("state sets are rated by the pivot kernel's Jacobian") {
  CompiledModel model;
  model.numSlots = 4;
  DynamicStateSelection &s = model.stateSelection;
  s.pivots = pivots;
  s.pivotsJvp = pivotsJvp;
  s.numPivotRows = 1;
  s.columns = {2, 3}; // der(x), der(y)
  s.sets.resize(2);
  s.sets[0].pivotBlocks = {PivotBlock{{0}, {1}}}; // x is the state: der(y) is the dummy
  s.sets[1].pivotBlocks = {PivotBlock{{0}, {0}}}; // y is the state
  StateSetRater rater(model);
  std::vector<double> v = {0.6, -0.8, 0.8, 0.6};
  const auto &ratings = rater.rate(0.0, v);
  CHECK(ratings[0] == doctest::Approx(std::log(1.6)));
  CHECK(ratings[1] == doctest::Approx(std::log(1.2)));
  // Near the horizontal, x as state is poor: y takes over.
  v = {0.999, -0.0447, 0.0447, 0.999};
  CHECK(chooseStateSet(rater.rate(0.0, v), 0, 0.1) == 1);
}
