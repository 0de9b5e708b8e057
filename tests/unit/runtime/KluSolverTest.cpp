// Tests of the KLU linear solver (runtime/KluSolver.h) on hand-made sparse
// matrices: solutions against known ones with both index widths,
// refactorization after the values change, a new factorization when the old
// pivots break down, a restart that keeps the analysis, a changed pattern,
// entries that are zero left out of the factors until they turn nonzero,
// and a singular matrix.
#include "runtime/KluSolver.h"

#include "runtime/SundialsSupport.h"

#include <doctest/doctest.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <cmath>
#include <vector>

using namespace mocc::rt;

namespace {

/// A CSC matrix from its columns: (row, value) pairs per column.
SunMatrixPtr cscMatrix(SUNContext context, int64_t n,
                       const std::vector<std::vector<std::pair<int64_t, double>>> &columns) {
  int64_t nonzeros = 0;
  for (const auto &column : columns)
    nonzeros += static_cast<int64_t>(column.size());
  SunMatrixPtr matrix(SUNSparseMatrix(n, n, nonzeros, CSC_MAT, context));
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

/// y = A x for a CSC matrix.
std::vector<double> multiply(SUNMatrix a, const std::vector<double> &x) {
  int64_t n = SUNSparseMatrix_NP(a);
  std::vector<double> y(n, 0.0);
  const sunindextype *colPtr = SUNSparseMatrix_IndexPointers(a);
  const sunindextype *rowIdx = SUNSparseMatrix_IndexValues(a);
  const double *data = SUNSparseMatrix_Data(a);
  for (int64_t j = 0; j < n; ++j)
    for (sunindextype k = colPtr[j]; k < colPtr[j + 1]; ++k)
      y[rowIdx[k]] += data[k] * x[j];
  return y;
}

/// Solves A x = A xExpected and returns max |x - xExpected|.
double solveError(SUNLinearSolver solver, SUNMatrix a, const std::vector<double> &xExpected,
                  SUNContext context) {
  auto n = static_cast<int64_t>(xExpected.size());
  NVectorPtr b = makeVector(n, context), x = makeVector(n, context);
  std::vector<double> rhs = multiply(a, xExpected);
  std::copy(rhs.begin(), rhs.end(), N_VGetArrayPointer(b.get()));
  REQUIRE(SUNLinSolSolve(solver, a, x.get(), b.get(), 0.0) == SUNLS_SUCCESS);
  double error = 0.0;
  for (int64_t i = 0; i < n; ++i)
    error = std::max(error, std::abs(N_VGetArrayPointer(x.get())[i] - xExpected[i]));
  return error;
}

/// A tridiagonal system of n unknowns with a coupling from the last unknown
/// to the first row, so that BTF finds one block and pivoting has work.
SunMatrixPtr ringMatrix(SUNContext context, int64_t n, double diagonal) {
  std::vector<std::vector<std::pair<int64_t, double>>> columns(n);
  for (int64_t j = 0; j < n; ++j) {
    if (j > 0)
      columns[j].push_back({j - 1, -1.0});
    columns[j].push_back({j, diagonal + 0.01 * static_cast<double>(j)});
    if (j + 1 < n)
      columns[j].push_back({j + 1, -1.0 - 0.001 * static_cast<double>(j)});
  }
  columns[n - 1].insert(columns[n - 1].begin(), {0, 0.5});
  return cscMatrix(context, n, columns);
}

/// ringMatrix's pattern with a second band below the first (A(j + 2, j)),
/// whose entries are all zero.
SunMatrixPtr ringWithZeroBand(SUNContext context, int64_t n) {
  SunMatrixPtr ring = ringMatrix(context, n, 3.0);
  std::vector<std::vector<std::pair<int64_t, double>>> columns(n);
  const sunindextype *colPtr = SUNSparseMatrix_IndexPointers(ring.get());
  const sunindextype *rowIdx = SUNSparseMatrix_IndexValues(ring.get());
  const double *data = SUNSparseMatrix_Data(ring.get());
  for (int64_t j = 0; j < n; ++j) {
    for (sunindextype k = colPtr[j]; k < colPtr[j + 1]; ++k)
      columns[j].push_back({rowIdx[k], data[k]});
    if (j + 2 < n)
      columns[j].push_back({j + 2, 0.0});
  }
  return cscMatrix(context, n, columns);
}

/// The position of A(row, column) in a CSC matrix's data.
sunindextype entry(SUNMatrix a, int64_t row, int64_t column) {
  const sunindextype *colPtr = SUNSparseMatrix_IndexPointers(a);
  const sunindextype *rowIdx = SUNSparseMatrix_IndexValues(a);
  for (sunindextype k = colPtr[column]; k < colPtr[column + 1]; ++k)
    if (rowIdx[k] == row)
      return k;
  FAIL("no entry (" << row << ", " << column << ")");
  return -1;
}

/// A solver from makeKluSolver, initialized and set up with `a`.
SunLinearSolverPtr setUpSolver(SUNContext context, SUNMatrix a) {
  SunLinearSolverPtr solver = makeKluSolver(context);
  REQUIRE(solver);
  REQUIRE(SUNLinSolInitialize(solver.get()) == SUNLS_SUCCESS);
  REQUIRE(SUNLinSolSetup(solver.get(), a) == SUNLS_SUCCESS);
  return solver;
}

std::vector<double> ramp(int64_t n) {
  std::vector<double> x(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = 1.0 + 0.25 * static_cast<double>(i % 7) - 0.1 * static_cast<double>(i);
  return x;
}

} // namespace

TEST_CASE("KLU solves a sparse system with 32-bit and with 64-bit indices") {
  SunContext context;
  for (KluIndices indices : {KluIndices::Automatic, KluIndices::Int64}) {
    CAPTURE(static_cast<int>(indices));
    SunMatrixPtr a = ringMatrix(context.get(), 50, 3.0);
    SunLinearSolverPtr solver = makeKluSolver(context.get(), indices);
    REQUIRE(solver);
    CHECK(SUNLinSolGetType(solver.get()) == SUNLINEARSOLVER_DIRECT);
    REQUIRE(SUNLinSolInitialize(solver.get()) == SUNLS_SUCCESS);
    REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
    CHECK(kluUses32BitIndices(solver.get()) == (indices == KluIndices::Automatic));
    CHECK(solveError(solver.get(), a.get(), ramp(50), context.get()) < 1e-12);
  }
}

TEST_CASE("KLU refactors after the values change, and factors anew when the pivots break down") {
  SunContext context;
  // [[2, 1], [1, 3]], then new values with the same pattern: a
  // refactorization with the same pivots.
  SunMatrixPtr a = cscMatrix(context.get(), 2, {{{0, 2.0}, {1, 1.0}}, {{0, 1.0}, {1, 3.0}}});
  SunLinearSolverPtr solver = setUpSolver(context.get(), a.get());
  CHECK(solveError(solver.get(), a.get(), {2.0, -3.0}, context.get()) < 1e-14);
  double *data = SUNSparseMatrix_Data(a.get());
  data[0] = 4.0;
  data[3] = -2.0;
  REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
  CHECK(solveError(solver.get(), a.get(), {0.5, 7.0}, context.get()) < 1e-14);
  KluCounts counts = kluCounts(solver.get());
  CHECK(counts.analyses == 1);
  CHECK(counts.factorizations == 1);
  CHECK(counts.refactorizations == 1);
  // [[1, 1], [1, 1 + 1e-12]]: the condition estimate (4e12) is past
  // SUNLinSol_KLU's bound (1 / eps^(2/3), 2.7e10), so the matrix is factored
  // anew; the solution then satisfies the equations to rounding.
  data[0] = data[1] = data[2] = 1.0;
  data[3] = 1.0 + 1e-12;
  REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
  counts = kluCounts(solver.get());
  CHECK(counts.factorizations == 2);
  CHECK(counts.refactorizations == 2);
  NVectorPtr x = makeVector(2, context.get()), b = makeVector(2, context.get());
  N_VGetArrayPointer(b.get())[0] = 2.0;
  N_VGetArrayPointer(b.get())[1] = 2.0 + 1e-12;
  REQUIRE(SUNLinSolSolve(solver.get(), a.get(), x.get(), b.get(), 0.0) == SUNLS_SUCCESS);
  std::vector<double> solution(N_VGetArrayPointer(x.get()), N_VGetArrayPointer(x.get()) + 2);
  std::vector<double> ax = multiply(a.get(), solution);
  CHECK(std::abs(ax[0] - 2.0) < 1e-14);
  CHECK(std::abs(ax[1] - (2.0 + 1e-12)) < 1e-14);
}

TEST_CASE("KLU keeps its pivots for a matrix that new pivots would not make better") {
  // [[1, 1], [1, 1 + d]]: rcond about d whatever the pivots. SUNLinSol_KLU's
  // test alone (rcond below eps^(2/3), condest above its inverse) would
  // factor anew at every setup; the rcond did not fall below a hundredth
  // of the last factorization's, so the pivots are kept.
  SunContext context;
  SunMatrixPtr a = cscMatrix(context.get(), 2, {{{0, 1.0}, {1, 1.0}}, {{0, 1.0}, {1, 1.0 + 1e-12}}});
  SunLinearSolverPtr solver = setUpSolver(context.get(), a.get());
  for (double d : {2e-12, 5e-13, 3e-12}) {
    SUNSparseMatrix_Data(a.get())[3] = 1.0 + d;
    REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
    NVectorPtr x = makeVector(2, context.get()), b = makeVector(2, context.get());
    N_VGetArrayPointer(b.get())[0] = 2.0;
    N_VGetArrayPointer(b.get())[1] = 2.0 + d; // x = (1, 1)
    REQUIRE(SUNLinSolSolve(solver.get(), a.get(), x.get(), b.get(), 0.0) == SUNLS_SUCCESS);
    std::vector<double> solution(N_VGetArrayPointer(x.get()), N_VGetArrayPointer(x.get()) + 2);
    std::vector<double> ax = multiply(a.get(), solution);
    CHECK(std::abs(ax[0] - 2.0) < 1e-14);
    CHECK(std::abs(ax[1] - (2.0 + d)) < 1e-14);
  }
  KluCounts counts = kluCounts(solver.get());
  CHECK(counts.factorizations == 1);
  CHECK(counts.refactorizations == 3);
}

TEST_CASE("a KLU restart keeps the analysis of an unchanged pattern and redoes it for a new one") {
  SunContext context;
  SunLinearSolverPtr solver = makeKluSolver(context.get());
  SunMatrixPtr a = ringMatrix(context.get(), 30, 4.0);
  REQUIRE(SUNLinSolInitialize(solver.get()) == SUNLS_SUCCESS);
  REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
  // A restart (IDAReInit initializes the solver again) with other values.
  SUNSparseMatrix_Data(a.get())[0] = -6.0;
  REQUIRE(SUNLinSolInitialize(solver.get()) == SUNLS_SUCCESS);
  REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
  CHECK(solveError(solver.get(), a.get(), ramp(30), context.get()) < 1e-12);
  KluCounts counts = kluCounts(solver.get());
  CHECK(counts.analyses == 1);
  CHECK(counts.factorizations == 2); // new pivots after the restart
  // A matrix of another size and pattern given to the same solver.
  SunMatrixPtr b = ringMatrix(context.get(), 45, 2.5);
  REQUIRE(SUNLinSolSetup(solver.get(), b.get()) == SUNLS_SUCCESS);
  CHECK(solveError(solver.get(), b.get(), ramp(45), context.get()) < 1e-12);
  CHECK(kluCounts(solver.get()).analyses == 2);
}

TEST_CASE("KLU reports a singular matrix as a failure, not a solution") {
  SunContext context;
  using Columns = std::vector<std::vector<std::pair<int64_t, double>>>;
  // Two equal columns; a column stored (with its diagonal) whose values are
  // all zero, which stays in the kept pattern through its diagonal.
  for (const Columns &columns : {Columns{{{0, 1.0}, {1, 2.0}}, {{0, 1.0}, {1, 2.0}}, {{2, 1.0}}},
                                 Columns{{{0, 2.0}, {1, 1.0}}, {{0, 0.0}, {1, 0.0}}, {{2, 1.0}}}}) {
    SunMatrixPtr a = cscMatrix(context.get(), 3, columns);
    SunLinearSolverPtr solver = makeKluSolver(context.get());
    REQUIRE(SUNLinSolInitialize(solver.get()) == SUNLS_SUCCESS);
    CHECK(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_PACKAGE_FAIL_UNREC);
    NVectorPtr x = makeVector(3, context.get()), b = makeVector(3, context.get());
    N_VConst(1.0, b.get());
    CHECK(SUNLinSolSolve(solver.get(), a.get(), x.get(), b.get(), 0.0) != SUNLS_SUCCESS);
    if (columns[1][0].second == 0.0) {
      // The same pattern with a nonzero diagonal: solved.
      SUNSparseMatrix_Data(a.get())[3] = 3.0;
      REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
      CHECK(solveError(solver.get(), a.get(), {1.0, 2.0, 3.0}, context.get()) < 1e-14);
    }
  }
}

TEST_CASE("KLU leaves out entries that are zero until they turn nonzero, then keeps them") {
  SunContext context;
  for (KluIndices indices : {KluIndices::Automatic, KluIndices::Int64}) {
    CAPTURE(static_cast<int>(indices));
    SunMatrixPtr a = ringWithZeroBand(context.get(), 40);
    double *data = SUNSparseMatrix_Data(a.get());
    SunLinearSolverPtr solver = makeKluSolver(context.get(), indices);
    REQUIRE(SUNLinSolInitialize(solver.get()) == SUNLS_SUCCESS);
    REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
    CHECK(solveError(solver.get(), a.get(), ramp(40), context.get()) < 1e-12);
    // An entry of the zero band turns nonzero: the solution must see it, so
    // the kept pattern grows and is analyzed and factored anew.
    data[entry(a.get(), 12, 10)] = 0.75;
    REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
    CHECK(solveError(solver.get(), a.get(), ramp(40), context.get()) < 1e-12);
    KluCounts counts = kluCounts(solver.get());
    CHECK(counts.analyses == 2);
    CHECK(counts.factorizations == 2);
    CHECK(counts.refactorizations == 0);
    // Zero again, and other values change: the entry stays in the pattern,
    // and the same pivots serve (a refactorization).
    data[entry(a.get(), 12, 10)] = 0.0;
    data[entry(a.get(), 5, 5)] = 4.5;
    REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
    CHECK(solveError(solver.get(), a.get(), ramp(40), context.get()) < 1e-12);
    counts = kluCounts(solver.get());
    CHECK(counts.analyses == 2);
    CHECK(counts.refactorizations == 1);
  }
}

TEST_CASE("KLU leaves a negligible new entry out until another one makes the pattern grow") {
  SunContext context;
  SunMatrixPtr a = ringWithZeroBand(context.get(), 40);
  double *data = SUNSparseMatrix_Data(a.get());
  SunLinearSolverPtr solver = setUpSolver(context.get(), a.get());
  // 1e-20 against entries near 1 in its row and its column: rounding of
  // the row is larger, so it is left out (no analysis) and the solution
  // still holds to rounding.
  data[entry(a.get(), 22, 20)] = 1e-20;
  REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
  CHECK(kluCounts(solver.get()).analyses == 1);
  CHECK(solveError(solver.get(), a.get(), ramp(40), context.get()) < 1e-12);
  // An entry that is not negligible grows the pattern, with every nonzero.
  data[entry(a.get(), 12, 10)] = 0.5;
  REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
  CHECK(kluCounts(solver.get()).analyses == 2);
  // Both are kept now: new values of both need no analysis.
  data[entry(a.get(), 22, 20)] = 0.25;
  data[entry(a.get(), 12, 10)] = -0.5;
  REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
  CHECK(kluCounts(solver.get()).analyses == 2);
  CHECK(solveError(solver.get(), a.get(), ramp(40), context.get()) < 1e-12);
  // A tiny entry that is the largest of its column is not negligible.
  SunMatrixPtr b = cscMatrix(context.get(), 2, {{{0, 1.0}, {1, 1.0}}, {{0, 0.0}, {1, 1.0}}});
  solver = setUpSolver(context.get(), b.get());
  data = SUNSparseMatrix_Data(b.get());
  data[2] = 1e-20; // A(0, 1)
  data[3] = 0.0;   // A(1, 1): column 1 is 1e-20 alone
  // Kept (a growth): left out, column 1 would be zero, a singular matrix.
  REQUIRE(SUNLinSolSetup(solver.get(), b.get()) == SUNLS_SUCCESS);
  CHECK(kluCounts(solver.get()).analyses == 2);
  CHECK(solveError(solver.get(), b.get(), {1.0, 1e20}, context.get()) < 1e5);
}

TEST_CASE("KLU keeps every entry once the pattern of its nonzeros grew too often") {
  // ringWithZeroBand(140): 419 nonzeros and a band of 138 zeros, so that
  // the kept entries stay below 90% of the 557 (501) in both cases. Each
  // subcase runs with a solver of its own.
  SunContext context;
  SunMatrixPtr a = ringWithZeroBand(context.get(), 140);
  double *data = SUNSparseMatrix_Data(a.get());
  SunLinearSolverPtr solver = setUpSolver(context.get(), a.get());
  SUBCASE("a growth at every setup") {
    // 32 growths are free; the 33rd keeps every entry, so later ones need
    // no analysis.
    for (int64_t j = 0; j < 40; ++j) {
      data[entry(a.get(), j + 2, j)] = 0.1 * static_cast<double>(j + 1);
      REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
      CHECK(solveError(solver.get(), a.get(), ramp(140), context.get()) < 1e-12);
      CHECK(kluCounts(solver.get()).analyses == 1 + std::min<int64_t>(j + 1, 33));
    }
  }
  SUBCASE("a growth in every third setup") {
    // Past the free 32, one growth per two refactorizations is allowed.
    for (int64_t j = 0; j < 60; ++j) {
      data[entry(a.get(), j + 2, j)] = 0.1 * static_cast<double>(j + 1);
      for (int setup = 0; setup < 3; ++setup) // a growth, then 2 refactorizations
        REQUIRE(SUNLinSolSetup(solver.get(), a.get()) == SUNLS_SUCCESS);
    }
    CHECK(kluCounts(solver.get()).analyses == 61);
    CHECK(solveError(solver.get(), a.get(), ramp(140), context.get()) < 1e-12);
  }
}
