// The linear solver of IDA's Newton iterations, chosen by the structure of
// the matrix dF/dy + cj dF/dy' or by the user (`simulate --linear-solver`).
//
// KLU (KluSolver.h) factors the matrix: on circuits, chains and MultiBody
// systems its factors have few more nonzeros than the matrix. On a 2-D or
// 3-D grid they do not: a sparse LU of the N^3 grid has about N^4 nonzeros
// and costs about N^6 operations under the best orderings (George 1973,
// "Nested dissection of a regular finite element mesh", SIAM J. Numer.
// Anal. 10(2)). Measured with KLU on the 7-point grid matrix (bench
// `grid3d`), factorization seconds with COLAMD (SUNDIALS' choice), AMD,
// METIS nested dissection: 16^3 0.34, 0.12, 0.11; 24^3 11.4, 2.6, 1.8;
// 32^3 -, 38.8, 18.7. There the solver is GMRES (Saad and Schultz 1986,
// "GMRES: a generalized minimal residual algorithm for solving
// nonsymmetric linear systems", SIAM J. Sci. Stat. Comput. 7(3); SUNDIALS'
// SPGMR) right-preconditioned with an incomplete LU factorization without
// fill, ILU(0) (Meijerink and van der Vorst 1977, "An iterative solution
// method for linear systems of which the coefficient matrix is a symmetric
// M-matrix", Math. Comp. 31(137); Saad 2003, "Iterative Methods for Sparse
// Linear Systems", 2nd ed., Algorithm 10.4), of the same matrix: both cost
// time linear in its nonzeros per iteration.
//
// The solver presents itself to IDA as a direct one on the same sparse
// matrix: every solve is iterated until the residual is below
// `gmresRelativeResidual` (1e-4) of the right-hand side. That is close
// enough for IDA's Newton iterations: the matrix they solve with
// is itself only an approximation of the Newton matrix, kept over several
// steps while cj changes by up to a factor of 1.67 (IDA refactors outside
// [0.6, 1.67]), which perturbs each correction far more than 1e-4 of it.
// SUNDIALS' own iterative interface is looser still: IDA asks an
// iterative solver for a residual below 0.05 of the Newton test in IDA's
// error weights (idaLsSolve, eplifac). A solve that does not get there
// (GMRES stagnates, or ILU(0) meets a zero pivot) hands the matrix to KLU,
// which solves from then on.
#pragma once

#include "runtime/SundialsSupport.h"

#include <sundials/sundials_linearsolver.h>

#include <cstdint>
#include <string>
#include <vector>

namespace mocc::rt {

/// Which linear solver IDA uses (`simulate --linear-solver`).
enum class LinearSolverKind {
  Automatic, ///< GMRES with ILU(0) when the system fills in (see below), else KLU
  Klu,       ///< always KLU
  Gmres,     ///< GMRES with ILU(0), KLU only after a solve it could not do
};

/// The automatic choice: GMRES when every unknown is a state (dF/dy' has
/// no empty column: the matrix has cj dF/dy' on the diagonal for the
/// states, which keeps ILU(0)'s pivots away from zero as the steps get
/// shorter), the system has at least `gmresMinimumSize` unknowns, and an
/// approximate minimum degree ordering (AMD: Amestoy, Davis and Duff 1996,
/// "An approximate minimum degree ordering algorithm", SIAM J. Matrix
/// Anal. Appl. 17(4)) of the pattern predicts LU factors with more than
/// `gmresFillRatio` times the matrix's nonzeros. Chains and trees stay
/// near 1; the 16^3 grid has 20.7, 24^3 40.2, 32^3 69.4.
inline constexpr int64_t gmresMinimumSize = 2000;
inline constexpr double gmresFillRatio = 8.0;

/// A GMRES solve ends when ||b - A x||_2 <= gmresRelativeResidual ||b||_2.
/// On the bench's grid3d 40^3 (StopTime 0.01, tolerance 1e-6) 1e-10 took
/// 7.0 iterations per solve and 4.2 s of integration, 1e-4 takes 3.0 and
/// 2.5 s, with the same 67 steps; the temperatures (about 300 K, so IDA's
/// tolerance is 3e-4 K) differ from 1e-10's by at most 2.5e-7 K.
inline constexpr double gmresRelativeResidual = 1e-4;

/// Parses `auto`, `klu`, `gmres`; false for anything else.
bool parseLinearSolverKind(const std::string &text, LinearSolverKind &kind);

/// The fill ratio that AMD predicts for the LU factors of the matrix with
/// this CSC pattern (2 nnz(L) + n over nnz(A), L the Cholesky factor of the
/// pattern of A + A^T); 0 if AMD fails.
double predictedFillRatio(int64_t n, const int64_t *colPtr, const int64_t *rowIdx);

/// ILU(0) of a sparse matrix: L (unit lower) and U on the pattern of the
/// matrix and its diagonal, no fill. The pattern is set once; factor() takes
/// new values on it.
class IncompleteLu {
public:
  /// The pattern of a CSC matrix of order n, below 2^32 (the diagonal is
  /// added).
  void setPattern(int64_t n, const int64_t *colPtr, const int64_t *rowIdx);
  /// Whether `colPtr`/`rowIdx` is the pattern set last.
  bool samePattern(int64_t n, const int64_t *colPtr, const int64_t *rowIdx) const;
  /// Factors the CSC values on the pattern; false on a zero or non-finite
  /// pivot (then solve() must not be called).
  bool factor(const double *values);
  /// x := (LU)^-1 x.
  void solve(double *x) const;
  /// y := A x with the values of the last factor() call (the matrix itself).
  void multiply(const double *x, double *y) const;
  int64_t size() const { return n_; }

private:
  int64_t n_ = 0;
  std::vector<int64_t> cscColPtr_, cscRowIdx_; // the pattern as given
  std::vector<int64_t> rowPtr_, colIdx_;       // CSR, columns sorted in each row
  std::vector<int64_t> fromCsc_; // per CSC entry, its CSR position
  std::vector<int64_t> diagonal_; // per row, the CSR position of its diagonal
  std::vector<double> a_;         // the matrix, CSR
  std::vector<double> lu_;        // L below the diagonal, U on and above, CSR
  std::vector<double> inverseDiagonal_; // 1 / U's diagonal
  // The off-diagonal factors in the order solve() reads them: per row of
  // L, then per row of U from the last, its entries (solveStarts_ has 2n + 1
  // bounds), their columns and where in lu_ each comes from.
  std::vector<int64_t> solveStarts_;
  std::vector<uint32_t> solveColumns_;
  std::vector<int64_t> solveFrom_;
  std::vector<double> solveValues_;
  mutable std::vector<int64_t> marker_;
};

/// What the solver from makeLinearSolver did.
struct LinearSolverCounts {
  bool gmres = false;         ///< GMRES was chosen at the first setup
  bool switchedToKlu = false; ///< a solve fell back to KLU (and it solved since)
  double fillRatio = 0.0;     ///< AMD's prediction, if the choice computed it
  long setups = 0;            ///< ILU(0) factorizations
  long solves = 0;            ///< GMRES solves
  long iterations = 0;        ///< GMRES iterations over all solves
};

/// The solver for IDA's sparse CSC matrix of order n; `allStates`: every
/// unknown is a differential one. Null if out of memory.
SunLinearSolverPtr makeLinearSolver(SUNContext context, LinearSolverKind kind, bool allStates);

LinearSolverCounts linearSolverCounts(SUNLinearSolver solver);

/// The column in which KLU's last factorization found no pivot, or -1 (see
/// kluSingularColumn).
long linearSolverSingularColumn(SUNLinearSolver solver);

/// One line for -v: which solver ran and what it cost.
std::string describeLinearSolver(const LinearSolverCounts &counts);

} // namespace mocc::rt
