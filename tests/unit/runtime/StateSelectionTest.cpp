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
  CHECK(logAbsDeterminant(PivotMatrix{m, 3}, block) == doctest::Approx(std::log(4.0)));
  // A block of one entry, and a singular one.
  CHECK(logAbsDeterminant(PivotMatrix{m, 3}, PivotBlock{{1}, {3}}) == doctest::Approx(std::log(3.0)));
  CHECK(logAbsDeterminant(PivotMatrix{m, 3}, PivotBlock{{0}, {3}}) == -std::numeric_limits<double>::infinity());
  CHECK(logRating(PivotMatrix{m, 3}, {PivotBlock{{1}, {3}}, PivotBlock{{0, 1, 2}, {3, 1, 0}}}) ==
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

namespace {
// Two independent rods: slots 0 x1, 1 y1, 2 der(x1), 3 der(y1), 4 x2, 5 y2,
// 6 der(x2), 7 der(y2); row r is the derivative of rod r's constraint.
void twoPivots(double, double *v, double *res) {
  res[0] = 2 * v[0] * v[2] + 2 * v[1] * v[3];
  res[1] = 2 * v[4] * v[6] + 2 * v[5] * v[7];
}
void twoPivotsJvp(double, const double *v, double *dv, double *dres) {
  dres[0] = 2 * v[2] * dv[0] + 2 * v[0] * dv[2] + 2 * v[3] * dv[1] + 2 * v[1] * dv[3];
  dres[1] = 2 * v[6] * dv[4] + 2 * v[4] * dv[6] + 2 * v[7] * dv[5] + 2 * v[5] * dv[7];
}
} // namespace

TEST_CASE("the pivot Jacobian from one product per color equals the dense one") {
  CompiledModel model;
  model.numSlots = 8;
  DynamicStateSelection &s = model.stateSelection;
  s.pivots = twoPivots;
  s.pivotsJvp = twoPivotsJvp;
  s.numPivotRows = 2;
  s.columns = {2, 3, 6, 7};
  std::vector<double> v = {0.6, -0.8, 0.8, 0.6, 0.28, -0.96, -1.5, 3.0};
  StateSetRater dense(model);
  std::vector<double> expected;
  {
    PivotMatrix m = dense.evaluate(0.0, v);
    CHECK(m.pattern == nullptr);
    for (int64_t j = 0; j < 4; ++j)
      for (int64_t i = 0; i < 2; ++i)
        expected.push_back(m.at(i, j));
  }
  // Columns 0 and 1 are rod 1's (row 0), 2 and 3 rod 2's (row 1); a column
  // of each rod shares a color.
  s.pattern.size = 4;
  s.pattern.colPtr = {0, 1, 2, 3, 4};
  s.pattern.rowIdx = {0, 0, 1, 1};
  s.pattern.colors = {0, 1, 0, 1};
  s.pattern.numColors = 2;
  StateSetRater sparse(model);
  PivotMatrix m = sparse.evaluate(0.0, v);
  REQUIRE(m.pattern != nullptr);
  CHECK(m.values.size() == 4); // a value per nonzero, not rows x columns
  size_t k = 0;
  for (int64_t j = 0; j < 4; ++j)
    for (int64_t i = 0; i < 2; ++i)
      CHECK(m.at(i, j) == doctest::Approx(expected[k++]));
  CHECK(m.at(0, 0) == doctest::Approx(1.2)); // 2 x1
  CHECK(m.at(1, 3) == doctest::Approx(-1.92)); // 2 y2
  CHECK(m.at(1, 0) == 0.0);
  // The seeds are cleared: the next evaluation at another point is right.
  v[0] = 1.0;
  CHECK(sparse.evaluate(0.0, v).at(0, 0) == doctest::Approx(2.0));
}
