// Tests of the colored Jacobian: pattern checks, assembly from one JVP per
// color against derivatives written out by hand, the cj-weighted rate
// columns of IDA, and storage into dense and sparse matrices with the added
// diagonal.
#include "runtime/ColoredJacobian.h"

#include "TestSupport.h"
#include "runtime/SundialsSupport.h"

#include <doctest/doctest.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <cmath>

using namespace mocc::rt;
using mocc::rt::test::patternFromColumns;

namespace {

// F0 = x0 * x1, F1 = x1^2 + x2 (a slot z = 3 x2 is assigned first), F2 = sin(x2)
// with x in slots 0..2, z in slot 3, and a rate slot 4 for x0 (F0 += xdot0).
void kernel(double, double *v, double *res) {
  v[3] = 3 * v[2];
  res[0] = v[0] * v[1] + v[4];
  res[1] = v[1] * v[1] + v[3];
  res[2] = std::sin(v[2]);
}

void kernelJvp(double, const double *v, double *dv, double *dres) {
  dv[3] = 3 * dv[2];
  dres[0] = dv[0] * v[1] + v[0] * dv[1] + dv[4];
  dres[1] = 2 * v[1] * dv[1] + dv[3];
  dres[2] = std::cos(v[2]) * dv[2];
}

// Columns: x0 -> row 0; x1 -> rows 0, 1; x2 -> rows 1, 2. x0 and x2 share no row.
SparsityPattern kernelPattern() { return patternFromColumns({{0}, {0, 1}, {1, 2}}, {0, 1, 0}); }

} // namespace

TEST_CASE("checkPattern accepts a valid pattern and names what is wrong otherwise") {
  CHECK(checkPattern(kernelPattern(), 3).empty());
  CHECK(checkPattern(SparsityPattern{}, 3).empty()); // empty: dense
  CHECK(checkPattern(kernelPattern(), 4).find("size") != std::string::npos);
  SparsityPattern clash = patternFromColumns({{0}, {0, 1}, {1, 2}}, {0, 0, 1});
  CHECK(checkPattern(clash, 3).find("share row 0") != std::string::npos);
  SparsityPattern unsorted = patternFromColumns({{0}, {1, 0}, {2}}, {0, 1, 2});
  CHECK(checkPattern(unsorted, 3).find("unsorted") != std::string::npos);
  SparsityPattern uncolored = patternFromColumns({{0}, {1}, {2}}, {0, 1});
  CHECK(checkPattern(uncolored, 3).find("coloring") != std::string::npos);
}

TEST_CASE("the colored JVPs give the hand-derived Jacobian") {
  std::vector<double> v{2.0, -3.0, 0.5, 0.0, 7.0};
  std::vector<double> res(3);
  kernel(0.0, v.data(), res.data());
  ColoredJacobian jacobian(kernelPattern(), kernelJvp, 5, {0, 1, 2}, {4, -1, -1});
  std::vector<double> values(jacobian.nonzeros());
  jacobian.evaluate(0.0, v.data(), 10.0, values.data());
  // CSC order: (0,0), (0,1), (1,1), (1,2), (2,2).
  CHECK(values[0] == -3.0 + 10.0); // dF0/dx0 + cj dF0/dxdot0
  CHECK(values[1] == 2.0);
  CHECK(values[2] == -6.0);
  CHECK(values[3] == 3.0); // through the assigned slot z
  CHECK(values[4] == doctest::Approx(std::cos(0.5)));
  jacobian.evaluate(0.0, v.data(), 0.0, values.data()); // the seeds were cleared
  CHECK(values[0] == -3.0);
}

TEST_CASE("an empty pattern stands for a dense one") {
  std::vector<double> v{2.0, -3.0, 0.5, 0.0, 0.0};
  ColoredJacobian jacobian(SparsityPattern{}, kernelJvp, 5, {0, 1, 2});
  REQUIRE(jacobian.nonzeros() == 9);
  std::vector<double> values(9);
  jacobian.evaluate(0.0, v.data(), 0.0, values.data());
  // Column-major: dF/dx0 = (-3, 0, 0), dF/dx1 = (2, -6, 0), dF/dx2 = (0, 3, cos 0.5).
  CHECK(values[0] == -3.0);
  CHECK(values[1] == 0.0);
  CHECK(values[3] == 2.0);
  CHECK(values[4] == -6.0);
  CHECK(values[7] == 3.0);
}

TEST_CASE("store fills dense and sparse matrices and adds the diagonal") {
  SunContext context;
  // Column 2 lacks its diagonal entry, which the stored matrix adds.
  SparsityPattern pattern = patternFromColumns({{0, 1}, {1}, {0}}, {0, 1, 1});
  ColoredJacobian jacobian(pattern, kernelJvp, 5, {0, 1, 2});
  REQUIRE(jacobian.matrixNonzeros() == 5);
  double values[] = {1.0, 2.0, 3.0, 4.0};
  double shift[] = {10.0, 20.0, 30.0};
  SunMatrixPtr dense(SUNDenseMatrix(3, 3, context.get()));
  jacobian.store(values, shift, dense.get());
  CHECK(SM_ELEMENT_D(dense.get(), 0, 0) == 11.0);
  CHECK(SM_ELEMENT_D(dense.get(), 1, 0) == 2.0);
  CHECK(SM_ELEMENT_D(dense.get(), 1, 1) == 23.0);
  CHECK(SM_ELEMENT_D(dense.get(), 0, 2) == 4.0);
  CHECK(SM_ELEMENT_D(dense.get(), 2, 2) == 30.0);
  SunMatrixPtr sparse(SUNSparseMatrix(3, 3, jacobian.matrixNonzeros(), CSC_MAT, context.get()));
  jacobian.store(values, nullptr, sparse.get());
  sunindextype *colPtr = SUNSparseMatrix_IndexPointers(sparse.get());
  sunindextype *rowIdx = SUNSparseMatrix_IndexValues(sparse.get());
  double *data = SUNSparseMatrix_Data(sparse.get());
  CHECK(std::vector<sunindextype>(colPtr, colPtr + 4) == std::vector<sunindextype>{0, 2, 3, 5});
  CHECK(std::vector<sunindextype>(rowIdx, rowIdx + 5) == std::vector<sunindextype>{0, 1, 1, 0, 2});
  CHECK(std::vector<double>(data, data + 5) == std::vector<double>{1, 2, 3, 4, 0});
}
