// The choice between KLU and GMRES with ILU(0); see LinearSolver.h.
#include "runtime/LinearSolver.h"

#include "runtime/KluSolver.h"

#include <amd.h>
#include <sunlinsol/sunlinsol_spgmr.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <new>

namespace mocc::rt {

bool parseLinearSolverKind(const std::string &text, LinearSolverKind &kind) {
  if (text == "auto")
    kind = LinearSolverKind::Automatic;
  else if (text == "klu")
    kind = LinearSolverKind::Klu;
  else if (text == "gmres")
    kind = LinearSolverKind::Gmres;
  else
    return false;
  return true;
}

double predictedFillRatio(int64_t n, const int64_t *colPtr, const int64_t *rowIdx) {
  if (n <= 0 || colPtr[n] <= 0)
    return 0.0;
  std::vector<SuiteSparse_long> p(colPtr, colPtr + n + 1), i(rowIdx, rowIdx + colPtr[n]);
  std::vector<SuiteSparse_long> permutation(static_cast<std::size_t>(n));
  double control[AMD_CONTROL], info[AMD_INFO];
  amd_l_defaults(control);
  SuiteSparse_long status = amd_l_order(static_cast<SuiteSparse_long>(n), p.data(), i.data(),
                                        permutation.data(), control, info);
  if (status != AMD_OK && status != AMD_OK_BUT_JUMBLED)
    return 0.0;
  return (2.0 * info[AMD_LNZ] + static_cast<double>(n)) / static_cast<double>(colPtr[n]);
}

// --- ILU(0) ------------------------------------------------------------------------------------

void IncompleteLu::setPattern(int64_t n, const int64_t *colPtr, const int64_t *rowIdx) {
  n_ = n;
  cscColPtr_.assign(colPtr, colPtr + n + 1);
  cscRowIdx_.assign(rowIdx, rowIdx + colPtr[n]);
  // Rows are filled column by column, so each row's columns come sorted.
  std::vector<int64_t> count(static_cast<std::size_t>(n), 0);
  std::vector<char> hasDiagonal(static_cast<std::size_t>(n), 0);
  for (int64_t j = 0; j < n; ++j) {
    for (int64_t k = colPtr[j]; k < colPtr[j + 1]; ++k) {
      ++count[rowIdx[k]];
      hasDiagonal[j] |= rowIdx[k] == j;
    }
    count[j] += !hasDiagonal[j];
  }
  rowPtr_.assign(static_cast<std::size_t>(n + 1), 0);
  for (int64_t i = 0; i < n; ++i)
    rowPtr_[i + 1] = rowPtr_[i] + count[i];
  colIdx_.assign(static_cast<std::size_t>(rowPtr_[n]), 0);
  fromCsc_.assign(static_cast<std::size_t>(colPtr[n]), 0);
  diagonal_.assign(static_cast<std::size_t>(n), -1);
  std::vector<int64_t> next(rowPtr_.begin(), rowPtr_.end() - 1);
  for (int64_t j = 0; j < n; ++j) {
    for (int64_t k = colPtr[j]; k < colPtr[j + 1]; ++k) {
      int64_t position = next[rowIdx[k]]++;
      colIdx_[position] = j;
      fromCsc_[k] = position;
      if (rowIdx[k] == j)
        diagonal_[j] = position;
    }
    if (!hasDiagonal[j]) {
      int64_t position = next[j]++;
      colIdx_[position] = j;
      diagonal_[j] = position;
    }
  }
  a_.assign(colIdx_.size(), 0.0);
  lu_.assign(colIdx_.size(), 0.0);
  marker_.assign(static_cast<std::size_t>(n), -1);
  inverseDiagonal_.assign(static_cast<std::size_t>(n), 0.0);
  // The sweeps' layout: rows 0..n-1 of L, then rows n-1..0 of U.
  solveStarts_.assign(1, 0);
  solveColumns_.clear();
  solveFrom_.clear();
  auto add = [&](int64_t from, int64_t to) {
    for (int64_t p = from; p < to; ++p) {
      solveColumns_.push_back(static_cast<uint32_t>(colIdx_[p]));
      solveFrom_.push_back(p);
    }
    solveStarts_.push_back(static_cast<int64_t>(solveFrom_.size()));
  };
  for (int64_t i = 0; i < n; ++i)
    add(rowPtr_[i], diagonal_[i]);
  for (int64_t i = n - 1; i >= 0; --i)
    add(diagonal_[i] + 1, rowPtr_[i + 1]);
  solveValues_.assign(solveFrom_.size(), 0.0);
}

bool IncompleteLu::samePattern(int64_t n, const int64_t *colPtr, const int64_t *rowIdx) const {
  return n == n_ && cscColPtr_.size() == static_cast<std::size_t>(n + 1) &&
         std::equal(colPtr, colPtr + n + 1, cscColPtr_.begin()) &&
         std::equal(rowIdx, rowIdx + colPtr[n], cscRowIdx_.begin());
}

/// Saad's IKJ variant of ILU(0) (Algorithm 10.4): row i is eliminated with
/// the rows above it, each update kept only where row i has an entry.
bool IncompleteLu::factor(const double *values) {
  std::fill(a_.begin(), a_.end(), 0.0);
  for (std::size_t k = 0; k < fromCsc_.size(); ++k)
    a_[fromCsc_[k]] += values[k];
  lu_ = a_;
  for (int64_t i = 0; i < n_; ++i) {
    for (int64_t p = rowPtr_[i]; p < rowPtr_[i + 1]; ++p)
      marker_[colIdx_[p]] = p;
    for (int64_t p = rowPtr_[i]; p < diagonal_[i]; ++p) {
      int64_t k = colIdx_[p];
      double factor = lu_[p] / lu_[diagonal_[k]];
      lu_[p] = factor;
      if (factor == 0.0)
        continue;
      for (int64_t q = diagonal_[k] + 1; q < rowPtr_[k + 1]; ++q) {
        int64_t m = marker_[colIdx_[q]];
        if (m >= 0)
          lu_[m] -= factor * lu_[q];
      }
    }
    for (int64_t p = rowPtr_[i]; p < rowPtr_[i + 1]; ++p)
      marker_[colIdx_[p]] = -1;
    double pivot = lu_[diagonal_[i]];
    if (pivot == 0.0 || !std::isfinite(pivot))
      return false;
    inverseDiagonal_[i] = 1.0 / pivot;
  }
  for (std::size_t p = 0; p < solveFrom_.size(); ++p)
    solveValues_[p] = lu_[solveFrom_[p]];
  return true;
}

void IncompleteLu::solve(double *x) const {
  // The factors as the sweeps read them (laid out by setPattern(), filled
  // by factor()): the rows of L, then those of U from the last up, each
  // without its diagonal, with 32-bit columns. The sweeps are bound by memory and by the chain from each row
  // to the next; a division would lengthen that chain.
  const uint32_t *column = solveColumns_.data();
  const double *value = solveValues_.data();
  const int64_t *start = solveStarts_.data();
  for (int64_t i = 0; i < n_; ++i) {
    double sum = x[i];
    for (int64_t p = start[i]; p < start[i + 1]; ++p)
      sum -= value[p] * x[column[p]];
    x[i] = sum;
  }
  for (int64_t r = 0; r < n_; ++r) {
    int64_t i = n_ - 1 - r;
    double sum = x[i];
    for (int64_t p = start[n_ + r]; p < start[n_ + r + 1]; ++p)
      sum -= value[p] * x[column[p]];
    x[i] = sum * inverseDiagonal_[i];
  }
}

void IncompleteLu::multiply(const double *x, double *y) const {
  for (int64_t i = 0; i < n_; ++i) {
    double sum = 0.0;
    for (int64_t p = rowPtr_[i]; p < rowPtr_[i + 1]; ++p)
      sum += a_[p] * x[colIdx_[p]];
    y[i] = sum;
  }
}

// --- The solver --------------------------------------------------------------------------------

namespace {

/// GMRES's Krylov subspace per restart, and the restarts before a solve
/// counts as failed (then KLU takes over).
constexpr int krylovDimension = 30;
constexpr int maxRestarts = 4;

struct Content {
  SUNContext context = nullptr;
  LinearSolverKind kind = LinearSolverKind::Automatic;
  bool allStates = false;
  bool decided = false;
  bool useKlu = false;
  LinearSolverCounts counts;
  SunLinearSolverPtr klu;
  bool kluSetUp = false; // KLU has factored the current matrix
  SUNMatrix matrix = nullptr; // the matrix of the last setup (GMRES's A)
  IncompleteLu ilu;
  SunLinearSolverPtr gmres;
  NVectorPtr rhs;
  sunindextype lastFlag = SUNLS_SUCCESS;
};

Content &content(SUNLinearSolver s) { return *static_cast<Content *>(s->content); }

int atimes(void *data, N_Vector v, N_Vector z) {
  auto *c = static_cast<Content *>(data);
  c->ilu.multiply(N_VGetArrayPointer(v), N_VGetArrayPointer(z));
  return 0;
}

int psolve(void *data, N_Vector r, N_Vector z, double, int) {
  auto *c = static_cast<Content *>(data);
  if (z != r)
    N_VScale(1.0, r, z);
  c->ilu.solve(N_VGetArrayPointer(z));
  return 0;
}


int initialize(SUNLinearSolver s) {
  Content &c = content(s);
  c.lastFlag = SUNLS_SUCCESS;
  return SUNLinSolInitialize(c.klu.get());
}

/// KLU from now on, on the matrix of the last setup.
int switchToKlu(Content &c, SUNMatrix a) {
  c.useKlu = true;
  c.counts.switchedToKlu = true;
  c.kluSetUp = true;
  return SUNLinSolSetup(c.klu.get(), a);
}

void decide(Content &c, SUNMatrix a) {
  c.decided = true;
  sunindextype n = SUNSparseMatrix_NP(a);
  if (c.kind == LinearSolverKind::Klu || n > std::numeric_limits<uint32_t>::max()) {
    c.useKlu = true; // (ILU(0) keeps 32-bit columns)
    return;
  }
  if (c.kind == LinearSolverKind::Automatic) {
    if (!c.allStates || n < gmresMinimumSize) {
      c.useKlu = true;
      return;
    }
    c.counts.fillRatio = predictedFillRatio(n, SUNSparseMatrix_IndexPointers(a),
                                            SUNSparseMatrix_IndexValues(a));
    if (c.counts.fillRatio <= gmresFillRatio) {
      c.useKlu = true;
      return;
    }
  }
  c.counts.gmres = true;
}

int setup(SUNLinearSolver s, SUNMatrix a) {
  Content &c = content(s);
  if (SUNMatGetID(a) != SUNMATRIX_SPARSE || SUNSparseMatrix_SparseType(a) != CSC_MAT)
    return static_cast<int>(c.lastFlag = SUNLS_ILL_INPUT);
  if (!c.decided)
    decide(c, a);
  c.matrix = a;
  c.kluSetUp = false;
  if (c.useKlu) {
    c.kluSetUp = true;
    return static_cast<int>(c.lastFlag = SUNLinSolSetup(c.klu.get(), a));
  }
  sunindextype n = SUNSparseMatrix_NP(a);
  const sunindextype *colPtr = SUNSparseMatrix_IndexPointers(a);
  const sunindextype *rowIdx = SUNSparseMatrix_IndexValues(a);
  if (!c.ilu.samePattern(n, colPtr, rowIdx))
    c.ilu.setPattern(n, colPtr, rowIdx);
  ++c.counts.setups;
  if (!c.ilu.factor(SUNSparseMatrix_Data(a)))
    return static_cast<int>(c.lastFlag = switchToKlu(c, a));
  if (!c.gmres || N_VGetLength(c.rhs.get()) != n) {
    c.rhs = makeVector(n, c.context);
    if (!c.rhs)
      return static_cast<int>(c.lastFlag = SUNLS_MEM_FAIL);
    c.gmres.reset(SUNLinSol_SPGMR(c.rhs.get(), SUN_PREC_RIGHT, krylovDimension, c.context));
    if (!c.gmres || SUNLinSol_SPGMRSetMaxRestarts(c.gmres.get(), maxRestarts) != 0 ||
        SUNLinSolSetATimes(c.gmres.get(), &c, atimes) != 0 ||
        SUNLinSolSetPreconditioner(c.gmres.get(), &c, nullptr, psolve) != 0 ||
        SUNLinSolSetScalingVectors(c.gmres.get(), nullptr, nullptr) != 0 ||
        SUNLinSolInitialize(c.gmres.get()) != 0) {
      c.gmres.reset();
      return static_cast<int>(c.lastFlag = SUNLS_MEM_FAIL);
    }
  }
  return static_cast<int>(c.lastFlag = SUNLS_SUCCESS);
}

int solve(SUNLinearSolver s, SUNMatrix a, N_Vector x, N_Vector b, double tol) {
  Content &c = content(s);
  if (c.useKlu) {
    if (!c.kluSetUp) { // GMRES failed on this matrix after a setup
      int flag = switchToKlu(c, a);
      if (flag != SUNLS_SUCCESS)
        return static_cast<int>(c.lastFlag = flag);
    }
    return static_cast<int>(c.lastFlag = SUNLinSolSolve(c.klu.get(), a, x, b, tol));
  }
  double norm = std::sqrt(N_VDotProd(b, b));
  if (norm == 0.0 || !std::isfinite(norm)) {
    N_VConst(0.0, x);
    c.lastFlag = norm == 0.0 ? SUNLS_SUCCESS : SUNLS_PACKAGE_FAIL_REC;
    return static_cast<int>(c.lastFlag);
  }
  N_VScale(1.0, b, c.rhs.get());
  N_VConst(0.0, x);
  SUNLinSolSetZeroGuess(c.gmres.get(), SUNTRUE);
  int flag = SUNLinSolSolve(c.gmres.get(), nullptr, x, c.rhs.get(), gmresRelativeResidual * norm);
  ++c.counts.solves;
  c.counts.iterations += SUNLinSolNumIters(c.gmres.get());
  if (flag == SUNLS_SUCCESS)
    return static_cast<int>(c.lastFlag = SUNLS_SUCCESS);
  // GMRES did not get there: KLU factors this matrix and solves from now on.
  c.useKlu = true;
  flag = switchToKlu(c, c.matrix ? c.matrix : a);
  if (flag != SUNLS_SUCCESS)
    return static_cast<int>(c.lastFlag = flag);
  return static_cast<int>(c.lastFlag = SUNLinSolSolve(c.klu.get(), a, x, c.rhs.get(), tol));
}

} // namespace

SunLinearSolverPtr makeLinearSolver(SUNContext context, LinearSolverKind kind, bool allStates) {
  SunLinearSolverPtr s = makeDirectSolver<Content>(context, initialize, setup, solve);
  if (!s)
    return nullptr;
  Content &c = content(s.get());
  c.context = context;
  c.kind = kind;
  c.allStates = allStates;
  c.klu = makeKluSolver(context);
  if (!c.klu)
    return nullptr; // s's free deletes the content
  return s;
}

LinearSolverCounts linearSolverCounts(SUNLinearSolver solver) { return content(solver).counts; }

long linearSolverSingularColumn(SUNLinearSolver solver) {
  const Content &c = content(solver);
  return c.klu ? kluSingularColumn(c.klu.get()) : -1;
}

std::string describeLinearSolver(const LinearSolverCounts &counts) {
  char number[64];
  std::string fill;
  if (counts.fillRatio > 0.0) {
    std::snprintf(number, sizeof number, "%.1f", counts.fillRatio);
    fill = std::string(" (predicted fill ") + number + ")";
  }
  if (!counts.gmres)
    return "linear solver: KLU" + fill;
  std::snprintf(number, sizeof number, "%.1f",
                counts.solves ? static_cast<double>(counts.iterations) / counts.solves : 0.0);
  return "linear solver: GMRES with ILU(0)" + fill + ": " + std::to_string(counts.setups) +
         " preconditioner setups, " + std::to_string(counts.solves) + " solves, " + number +
         " iterations per solve" + (counts.switchedToKlu ? "; then KLU" : "");
}

} // namespace mocc::rt
