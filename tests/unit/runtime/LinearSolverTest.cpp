// Tests of the choice between KLU and GMRES with ILU(0) (runtime/
// LinearSolver.h) on hand-made sparse systems: ILU(0) exact where LU has no
// fill (a tridiagonal matrix), the matrix product, GMRES to the tolerance on
// 2-D and 3-D grids, the automatic choice by the predicted fill, and the
// fall-back to KLU at a zero pivot.
#include "runtime/LinearSolver.h"

#include "runtime/SundialsSupport.h"

#include <doctest/doctest.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <cmath>
#include <map>
#include <vector>

using namespace mocc::rt;

namespace {

/// A CSC matrix of order n from (row, column) -> value.
SunMatrixPtr cscMatrix(SUNContext context, int64_t n,
                       const std::map<std::pair<int64_t, int64_t>, double> &entries) {
  std::vector<std::vector<std::pair<int64_t, double>>> columns(static_cast<std::size_t>(n));
  for (const auto &[at, value] : entries)
    columns[at.second].push_back({at.first, value});
  SunMatrixPtr matrix(SUNSparseMatrix(n, n, static_cast<int64_t>(entries.size()), CSC_MAT, context));
  sunindextype *colPtr = SUNSparseMatrix_IndexPointers(matrix.get());
  sunindextype *rowIdx = SUNSparseMatrix_IndexValues(matrix.get());
  double *data = SUNSparseMatrix_Data(matrix.get());
  int64_t k = 0;
  for (int64_t j = 0; j < n; ++j) {
    colPtr[j] = k;
    for (auto [row, value] : columns[j]) {
      rowIdx[k] = row;
      data[k++] = value;
    }
  }
  colPtr[n] = k;
  return matrix;
}

/// A tridiagonal matrix (a chain), not symmetric.
std::map<std::pair<int64_t, int64_t>, double> chain(int64_t n) {
  std::map<std::pair<int64_t, int64_t>, double> a;
  for (int64_t i = 0; i < n; ++i) {
    a[{i, i}] = 4.0 + 0.01 * static_cast<double>(i);
    if (i > 0)
      a[{i, i - 1}] = -1.0;
    if (i + 1 < n)
      a[{i, i + 1}] = -1.5;
  }
  return a;
}

/// cj C - J of heat conduction on an nx x ny x nz grid (7-point stencil),
/// as IDA sees the grid3d benchmark: diagonal cj + 6, -1 to each neighbour.
std::map<std::pair<int64_t, int64_t>, double> grid(int64_t nx, int64_t ny, int64_t nz, double cj) {
  std::map<std::pair<int64_t, int64_t>, double> a;
  auto index = [&](int64_t i, int64_t j, int64_t k) { return (i * ny + j) * nz + k; };
  for (int64_t i = 0; i < nx; ++i)
    for (int64_t j = 0; j < ny; ++j)
      for (int64_t k = 0; k < nz; ++k) {
        int64_t row = index(i, j, k);
        a[{row, row}] = cj + 6.0;
        if (i > 0) a[{row, index(i - 1, j, k)}] = -1.0;
        if (i + 1 < nx) a[{row, index(i + 1, j, k)}] = -1.0;
        if (j > 0) a[{row, index(i, j - 1, k)}] = -1.0;
        if (j + 1 < ny) a[{row, index(i, j + 1, k)}] = -1.0;
        if (k > 0) a[{row, index(i, j, k - 1)}] = -1.0;
        if (k + 1 < nz) a[{row, index(i, j, k + 1)}] = -1.0;
      }
  return a;
}

std::vector<double> multiply(const std::map<std::pair<int64_t, int64_t>, double> &a,
                             const std::vector<double> &x) {
  std::vector<double> y(x.size(), 0.0);
  for (const auto &[at, value] : a)
    y[at.first] += value * x[at.second];
  return y;
}

std::vector<double> someSolution(int64_t n) {
  std::vector<double> x(static_cast<std::size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    x[i] = std::sin(0.37 * static_cast<double>(i)) + 0.1 * static_cast<double>(i % 5);
  return x;
}

/// What a solve of A x = A xExpected gave: the largest |x - xExpected| and
/// the relative residual ||A x - b||_2 / ||b||_2.
struct Solved {
  double error = 0.0;
  double residual = 0.0;
};

/// Solves A x = A xExpected with `solver` (set up on A).
Solved solve(SUNContext context, SUNLinearSolver solver, SUNMatrix matrix,
             const std::map<std::pair<int64_t, int64_t>, double> &a,
             const std::vector<double> &xExpected) {
  auto n = static_cast<int64_t>(xExpected.size());
  NVectorPtr x = makeVector(n, context), b = makeVector(n, context);
  std::vector<double> rhs = multiply(a, xExpected);
  std::copy(rhs.begin(), rhs.end(), N_VGetArrayPointer(b.get()));
  REQUIRE(SUNLinSolSolve(solver, matrix, x.get(), b.get(), 0.0) == SUNLS_SUCCESS);
  const double *xs = N_VGetArrayPointer(x.get());
  Solved solved;
  for (int64_t i = 0; i < n; ++i)
    solved.error = std::max(solved.error, std::abs(xs[i] - xExpected[i]));
  std::vector<double> ax = multiply(a, std::vector<double>(xs, xs + n));
  double r2 = 0.0, b2 = 0.0;
  for (int64_t i = 0; i < n; ++i) {
    r2 += (ax[i] - rhs[i]) * (ax[i] - rhs[i]);
    b2 += rhs[i] * rhs[i];
  }
  solved.residual = std::sqrt(r2 / b2);
  return solved;
}

/// The largest |x - xExpected| of a solve of A x = A xExpected.
double solveError(SUNContext context, SUNLinearSolver solver, SUNMatrix matrix,
                  const std::map<std::pair<int64_t, int64_t>, double> &a,
                  const std::vector<double> &xExpected) {
  return solve(context, solver, matrix, a, xExpected).error;
}

/// Whether a GMRES solve of A x = A xExpected ended at its tolerance: the
/// residual below gmresRelativeResidual of b (with a margin for the
/// difference between GMRES's running estimate and the true residual) and
/// the solution near xExpected. On a grid, where ILU(0) is not the LU
/// factorization, `stopsEarly` also asks for a residual far above
/// rounding: GMRES stopped at the tolerance, it did not iterate on to 1e-10.
void checkGmresSolve(SUNContext context, SUNLinearSolver solver, SUNMatrix matrix,
                     const std::map<std::pair<int64_t, int64_t>, double> &a,
                     const std::vector<double> &xExpected, bool stopsEarly) {
  Solved solved = solve(context, solver, matrix, a, xExpected);
  CHECK(solved.residual <= 1.01 * gmresRelativeResidual);
  if (stopsEarly)
    CHECK(solved.residual > 1e-9);
  CHECK(solved.error < 1e-2);
}

} // namespace

TEST_CASE("ILU(0) of a tridiagonal matrix is its LU factorization") {
  SunContext context;
  auto a = chain(50);
  SunMatrixPtr matrix = cscMatrix(context.get(), 50, a);
  IncompleteLu ilu;
  ilu.setPattern(50, SUNSparseMatrix_IndexPointers(matrix.get()),
                 SUNSparseMatrix_IndexValues(matrix.get()));
  REQUIRE(ilu.factor(SUNSparseMatrix_Data(matrix.get())));
  std::vector<double> expected = someSolution(50);
  std::vector<double> x = multiply(a, expected), y(50);
  ilu.multiply(expected.data(), y.data());
  for (int64_t i = 0; i < 50; ++i)
    CHECK(y[i] == doctest::Approx(x[i]).epsilon(1e-14));
  ilu.solve(x.data());
  for (int64_t i = 0; i < 50; ++i)
    CHECK(x[i] == doctest::Approx(expected[i]).epsilon(1e-12));
}

TEST_CASE("ILU(0) adds a missing diagonal and reports a zero pivot") {
  SunContext context;
  // [[0, 1], [1, 0]]: the pattern has no diagonal; its pivots are zero.
  SunMatrixPtr matrix = cscMatrix(context.get(), 2, {{{0, 1}, 1.0}, {{1, 0}, 1.0}});
  IncompleteLu ilu;
  ilu.setPattern(2, SUNSparseMatrix_IndexPointers(matrix.get()),
                 SUNSparseMatrix_IndexValues(matrix.get()));
  CHECK(ilu.samePattern(2, SUNSparseMatrix_IndexPointers(matrix.get()),
                        SUNSparseMatrix_IndexValues(matrix.get())));
  CHECK_FALSE(ilu.factor(SUNSparseMatrix_Data(matrix.get())));
}

TEST_CASE("GMRES with ILU(0) solves a 3-D grid to the tolerance") {
  SunContext context;
  for (double cj : {0.1, 10.0, 1000.0}) {
    auto a = grid(9, 8, 7, cj);
    SunMatrixPtr matrix = cscMatrix(context.get(), 9 * 8 * 7, a);
    SunLinearSolverPtr solver = makeLinearSolver(context.get(), LinearSolverKind::Gmres, true);
    REQUIRE(solver);
    REQUIRE(SUNLinSolInitialize(solver.get()) == SUNLS_SUCCESS);
    REQUIRE(SUNLinSolSetup(solver.get(), matrix.get()) == SUNLS_SUCCESS);
    checkGmresSolve(context.get(), solver.get(), matrix.get(), a, someSolution(9 * 8 * 7), true);
    LinearSolverCounts counts = linearSolverCounts(solver.get());
    CHECK(counts.gmres);
    CHECK_FALSE(counts.switchedToKlu);
    CHECK(counts.setups == 1);
    CHECK(counts.solves == 1);
    CHECK(counts.iterations >= 1);
    // A stiffer matrix (small cj) needs more iterations than an easy one.
    if (cj == 1000.0)
      CHECK(counts.iterations <= 4);
  }
}

TEST_CASE("GMRES solves after new values on the same pattern") {
  SunContext context;
  auto a = grid(6, 6, 6, 1.0);
  SunMatrixPtr matrix = cscMatrix(context.get(), 216, a);
  SunLinearSolverPtr solver = makeLinearSolver(context.get(), LinearSolverKind::Gmres, true);
  REQUIRE(SUNLinSolInitialize(solver.get()) == SUNLS_SUCCESS);
  REQUIRE(SUNLinSolSetup(solver.get(), matrix.get()) == SUNLS_SUCCESS);
  checkGmresSolve(context.get(), solver.get(), matrix.get(), a, someSolution(216), true);
  auto b = grid(6, 6, 6, 50.0);
  SunMatrixPtr second = cscMatrix(context.get(), 216, b);
  std::copy(SUNSparseMatrix_Data(second.get()), SUNSparseMatrix_Data(second.get()) + a.size(),
            SUNSparseMatrix_Data(matrix.get()));
  REQUIRE(SUNLinSolSetup(solver.get(), matrix.get()) == SUNLS_SUCCESS);
  checkGmresSolve(context.get(), solver.get(), matrix.get(), b, someSolution(216), true);
  CHECK(linearSolverCounts(solver.get()).setups == 2);
}

TEST_CASE("a zero pivot of ILU(0) hands the system to KLU") {
  SunContext context;
  std::map<std::pair<int64_t, int64_t>, double> a = {
      {{0, 1}, 2.0}, {{1, 0}, 3.0}, {{1, 2}, 1.0}, {{2, 2}, 5.0}, {{2, 1}, 1.0}};
  SunMatrixPtr matrix = cscMatrix(context.get(), 3, a);
  SunLinearSolverPtr solver = makeLinearSolver(context.get(), LinearSolverKind::Gmres, true);
  REQUIRE(SUNLinSolInitialize(solver.get()) == SUNLS_SUCCESS);
  REQUIRE(SUNLinSolSetup(solver.get(), matrix.get()) == SUNLS_SUCCESS);
  CHECK(solveError(context.get(), solver.get(), matrix.get(), a, {1.0, -2.0, 0.5}) < 1e-12);
  CHECK(linearSolverCounts(solver.get()).switchedToKlu);
  CHECK(describeLinearSolver(linearSolverCounts(solver.get())).find("then KLU") != std::string::npos);
}

TEST_CASE("the automatic choice follows the predicted fill") {
  SunContext context;
  auto gridEntries = grid(14, 14, 14, 1.0);
  SunMatrixPtr gridMatrix = cscMatrix(context.get(), 14 * 14 * 14, gridEntries);
  auto chainEntries = chain(3000);
  SunMatrixPtr chainMatrix = cscMatrix(context.get(), 3000, chainEntries);
  CHECK(predictedFillRatio(3000, SUNSparseMatrix_IndexPointers(chainMatrix.get()),
                           SUNSparseMatrix_IndexValues(chainMatrix.get())) < 2.0);
  CHECK(predictedFillRatio(14 * 14 * 14, SUNSparseMatrix_IndexPointers(gridMatrix.get()),
                           SUNSparseMatrix_IndexValues(gridMatrix.get())) > gmresFillRatio);
  struct Case {
    SUNMatrix matrix;
    const std::map<std::pair<int64_t, int64_t>, double> *entries;
    LinearSolverKind kind;
    bool allStates;
    bool gmres;
  };
  for (const Case &c : {Case{gridMatrix.get(), &gridEntries, LinearSolverKind::Automatic, true, true},
                        Case{gridMatrix.get(), &gridEntries, LinearSolverKind::Automatic, false, false},
                        Case{gridMatrix.get(), &gridEntries, LinearSolverKind::Klu, true, false},
                        Case{chainMatrix.get(), &chainEntries, LinearSolverKind::Automatic, true, false},
                        Case{chainMatrix.get(), &chainEntries, LinearSolverKind::Gmres, false, true}}) {
    SunLinearSolverPtr solver = makeLinearSolver(context.get(), c.kind, c.allStates);
    REQUIRE(SUNLinSolInitialize(solver.get()) == SUNLS_SUCCESS);
    REQUIRE(SUNLinSolSetup(solver.get(), c.matrix) == SUNLS_SUCCESS);
    auto n = SUNSparseMatrix_NP(c.matrix);
    if (c.gmres)
      checkGmresSolve(context.get(), solver.get(), c.matrix, *c.entries, someSolution(n),
                      c.matrix == gridMatrix.get());
    else
      CHECK(solveError(context.get(), solver.get(), c.matrix, *c.entries, someSolution(n)) < 1e-8);
    CHECK(linearSolverCounts(solver.get()).gmres == c.gmres);
    CHECK(describeLinearSolver(linearSolverCounts(solver.get())).find(c.gmres ? "GMRES" : "KLU") !=
          std::string::npos);
  }
}

TEST_CASE("linear solver names") {
  LinearSolverKind kind = LinearSolverKind::Klu;
  CHECK(parseLinearSolverKind("auto", kind));
  CHECK(kind == LinearSolverKind::Automatic);
  CHECK(parseLinearSolverKind("gmres", kind));
  CHECK(kind == LinearSolverKind::Gmres);
  CHECK(parseLinearSolverKind("klu", kind));
  CHECK(kind == LinearSolverKind::Klu);
  CHECK_FALSE(parseLinearSolverKind("KLU", kind));
  CHECK_FALSE(parseLinearSolverKind("", kind));
}
