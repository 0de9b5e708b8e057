// KLU behind SUNDIALS' linear solver interface; see KluSolver.h.
#include "runtime/KluSolver.h"

#include <klu.h>
#include <sundials/sundials_math.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <new>
#include <vector>

namespace mocc::rt {

namespace {

/// KLU's 32-bit interface (klu_*).
struct Klu32 {
  using Int = int;
  using Common = klu_common;
  using Symbolic = klu_symbolic;
  using Numeric = klu_numeric;
  static void defaults(Common &c) { klu_defaults(&c); }
  static Symbolic *analyze(Int n, Int *p, Int *i, Common &c) { return klu_analyze(n, p, i, &c); }
  static Numeric *factor(Int *p, Int *i, double *x, Symbolic *s, Common &c) {
    return klu_factor(p, i, x, s, &c);
  }
  static bool refactor(Int *p, Int *i, double *x, Symbolic *s, Numeric *f, Common &c) {
    return klu_refactor(p, i, x, s, f, &c) != 0;
  }
  static bool rcond(Symbolic *s, Numeric *f, Common &c) { return klu_rcond(s, f, &c) != 0; }
  static bool condest(Int *p, double *x, Symbolic *s, Numeric *f, Common &c) {
    return klu_condest(p, x, s, f, &c) != 0;
  }
  static bool solve(Symbolic *s, Numeric *f, Int n, double *b, Common &c) {
    return klu_solve(s, f, n, 1, b, &c) != 0;
  }
  static void freeSymbolic(Symbolic *&s, Common &c) { klu_free_symbolic(&s, &c); }
  static void freeNumeric(Numeric *&f, Common &c) { klu_free_numeric(&f, &c); }
};

/// KLU's 64-bit interface (klu_l_*), the one SUNLinSol_KLU calls.
struct Klu64 {
  using Int = SuiteSparse_long;
  using Common = klu_l_common;
  using Symbolic = klu_l_symbolic;
  using Numeric = klu_l_numeric;
  static void defaults(Common &c) { klu_l_defaults(&c); }
  static Symbolic *analyze(Int n, Int *p, Int *i, Common &c) { return klu_l_analyze(n, p, i, &c); }
  static Numeric *factor(Int *p, Int *i, double *x, Symbolic *s, Common &c) {
    return klu_l_factor(p, i, x, s, &c);
  }
  static bool refactor(Int *p, Int *i, double *x, Symbolic *s, Numeric *f, Common &c) {
    return klu_l_refactor(p, i, x, s, f, &c) != 0;
  }
  static bool rcond(Symbolic *s, Numeric *f, Common &c) { return klu_l_rcond(s, f, &c) != 0; }
  static bool condest(Int *p, double *x, Symbolic *s, Numeric *f, Common &c) {
    return klu_l_condest(p, x, s, f, &c) != 0;
  }
  static bool solve(Symbolic *s, Numeric *f, Int n, double *b, Common &c) {
    return klu_l_solve(s, f, n, 1, b, &c) != 0;
  }
  static void freeSymbolic(Symbolic *&s, Common &c) { klu_l_free_symbolic(&s, &c); }
  static void freeNumeric(Numeric *&f, Common &c) { klu_l_free_numeric(&f, &c); }
};

/// The factors of one matrix with one of KLU's interfaces.
///
/// KLU sees only the entries that are kept: the diagonal and every entry
/// that has had a nonzero value since the pattern was set. The matrix is
/// the same (an entry left out is zero), but its LU factors can be far
/// smaller: a colored Jacobian stores every entry that the equations could
/// make nonzero, and in a model that moves in a plane the entries for the
/// third dimension stay zero (a chain of 263 MultiBody links: 70% of the
/// 116,916 entries are not zero at t = 0.5, and L and U have 249,182
/// nonzeros instead of 445,885).
///
/// When an entry that is not kept turns nonzero, the kept pattern grows
/// (every entry with a nonzero value joins it) and is analyzed and factored
/// anew, unless each such value is negligible: at most DBL_EPSILON times
/// the largest in its row and in its column, less than rounding changes
/// the row. Those are left out until a growth. In the chain, rounding
/// leaves values of 1e-25 where exact ones cancel, in a few more entries
/// every few steps; without the test they made the pattern grow 102 times
/// in 482 setups at 877 links, with it once (integration 46 s before the
/// pattern was pruned, 30 s with every growth, 29 s with the test).
///
/// Every entry is kept from then on when the kept ones are 90% of all (too
/// few zeros to pay for an analysis), or when the growths outnumber 32 plus
/// one per two refactorizations: an analysis and a factorization cost
/// about two refactorizations more than a refactorization, so the analyses
/// can at most double the cost of a model whose zeros keep moving. The
/// diagonal is always kept, so that a column whose values are all zero
/// stays in KLU's pattern: the matrix is singular as it is with every
/// entry (a failed factorization, or a recoverable failure of a
/// refactorization), never a pattern with an empty column.
template <class K> class Factors {
public:
  using Int = typename K::Int;
  static constexpr long freeGrowths = 32;
  static constexpr double negligible = DBL_EPSILON;

  explicit Factors(KluCounts &counts) : counts_(counts) {
    K::defaults(common_);
    common_.ordering = 1; // COLAMD, as SUNLinSol_KLU
  }
  Factors(const Factors &) = delete;
  Factors &operator=(const Factors &) = delete;
  ~Factors() { release(); }

  /// Frees the factors and the analysis.
  void release() {
    forgetPivots();
    if (symbolic_)
      K::freeSymbolic(symbolic_, common_);
  }

  /// Frees the numeric factors: the next setup factors anew (with new
  /// pivots) instead of refactoring.
  void forgetPivots() {
    if (numeric_)
      K::freeNumeric(numeric_, common_);
  }

  /// Factors A (CSC with sunindextype indices). Returns SUNLS_SUCCESS,
  /// SUNLS_PACKAGE_FAIL_REC when a refactorization failed (a singular
  /// matrix: the integrator may retry with another step), or
  /// SUNLS_PACKAGE_FAIL_UNREC when the analysis or a factorization failed;
  /// `tooLarge` tells whether the factors overflowed KLU's index type.
  int setup(SUNMatrix a, bool &tooLarge) {
    tooLarge = false;
    sunindextype n = SUNSparseMatrix_NP(a);
    const sunindextype *colPtr = SUNSparseMatrix_IndexPointers(a);
    const sunindextype *rowIdx = SUNSparseMatrix_IndexValues(a);
    const double *values = SUNSparseMatrix_Data(a);
    if (!samePattern(n, colPtr, rowIdx))
      setPattern(n, colPtr, rowIdx);
    if (keepNonzeros(values) || !symbolic_) {
      release();
      compactPattern();
      symbolic_ = K::analyze(static_cast<Int>(n), colPtr_.data(), rowIdx_.data(), common_);
      ++counts_.analyses;
      if (!symbolic_)
        return failure(tooLarge);
    }
    for (std::size_t k = 0; k < keptEntries_.size(); ++k)
      values_[k] = values[keptEntries_[k]];
    if (!numeric_)
      return factor(tooLarge);
    ++counts_.refactorizations;
    ++refactorizations_;
    if (!K::refactor(colPtr_.data(), rowIdx_.data(), values_.data(), symbolic_, numeric_,
                     common_) ||
        !K::rcond(symbolic_, numeric_, common_))
      return SUNLS_PACKAGE_FAIL_REC;
    // The pivots of the last factorization may no longer suit the matrix.
    // SUNLinSol_KLU factors anew when the cheap estimate of the reciprocal
    // condition number (KLU's rcond: the smallest pivot over the largest)
    // is below eps^(2/3) and the accurate estimate agrees. A matrix that is
    // that ill-conditioned whatever the pivots was then factored anew at
    // every setup, for nothing: the chain of 2,631 MultiBody links, from
    // about t = 0.85 on, with an rcond near 3e-11 after each new
    // factorization too (86 factorizations of 0.1 to 0.4 s). So the pivots
    // count as gone bad only if the rcond also fell below a hundredth of
    // the one the last factorization had.
    double bound = std::pow(SUN_UNIT_ROUNDOFF, 2.0 / 3.0);
    if (common_.rcond < bound && common_.rcond < 0.01 * freshRcond_) {
      if (!K::condest(colPtr_.data(), values_.data(), symbolic_, numeric_, common_))
        return SUNLS_PACKAGE_FAIL_REC;
      if (common_.condest > 1.0 / bound)
        return factor(tooLarge);
    }
    return SUNLS_SUCCESS;
  }

  /// The column of A in which the last factorization found no pivot (it
  /// depends on the columns factored before it), or -1.
  long singularColumn() const {
    return common_.status == KLU_SINGULAR ? static_cast<long>(common_.singular_col) : -1;
  }

  /// Solves in place with the last factors.
  bool solve(double *b) {
    return numeric_ && K::solve(symbolic_, numeric_, static_cast<Int>(colPtr_.size() - 1), b, common_);
  }

private:
  int factor(bool &tooLarge) {
    forgetPivots();
    numeric_ = K::factor(colPtr_.data(), rowIdx_.data(), values_.data(), symbolic_, common_);
    ++counts_.factorizations;
    if (!numeric_)
      return failure(tooLarge);
    freshRcond_ = K::rcond(symbolic_, numeric_, common_) ? common_.rcond : INFINITY;
    return SUNLS_SUCCESS;
  }

  int failure(bool &tooLarge) {
    tooLarge = common_.status == KLU_TOO_LARGE;
    return SUNLS_PACKAGE_FAIL_UNREC;
  }

  bool samePattern(sunindextype n, const sunindextype *colPtr, const sunindextype *rowIdx) const {
    if (fullColPtr_.size() != static_cast<std::size_t>(n + 1))
      return false;
    return std::equal(colPtr, colPtr + n + 1, fullColPtr_.begin()) &&
           std::equal(rowIdx, rowIdx + colPtr[n], fullRowIdx_.begin());
  }

  /// A new pattern: only its diagonal is kept until values arrive.
  void setPattern(sunindextype n, const sunindextype *colPtr, const sunindextype *rowIdx) {
    release();
    fullColPtr_.assign(colPtr, colPtr + n + 1);
    fullRowIdx_.assign(rowIdx, rowIdx + colPtr[n]);
    kept_.assign(fullRowIdx_.size(), 0);
    for (sunindextype j = 0; j < n; ++j)
      for (sunindextype k = colPtr[j]; k < colPtr[j + 1]; ++k)
        kept_[k] = rowIdx[k] == j;
    growths_ = refactorizations_ = 0;
  }

  /// Grows the kept pattern if an entry that is not kept has a value that
  /// is not negligible: then every entry with a nonzero value is kept.
  /// Tells whether it grew. The first values of a pattern are no growth.
  bool keepNonzeros(const double *values) {
    if (symbolic_ && !mustGrow(values))
      return false;
    bool grew = false;
    std::size_t keptCount = 0;
    for (std::size_t k = 0; k < kept_.size(); ++k) {
      if (!kept_[k] && values[k] != 0.0) {
        kept_[k] = 1;
        grew = true;
      }
      keptCount += kept_[k];
    }
    if (!grew)
      return false;
    bool counted = symbolic_ != nullptr;
    growths_ += counted;
    bool fewZeros = 10 * keptCount >= 9 * kept_.size();
    if (fewZeros || (counted && growths_ > freeGrowths + refactorizations_ / 2))
      std::fill(kept_.begin(), kept_.end(), 1);
    return true;
  }

  /// Whether an entry that is not kept has a value that is not negligible:
  /// at most `negligible` times the largest in its row and in its column.
  /// Leaving a negligible one out changes the matrix by less than rounding
  /// changes its rows.
  bool mustGrow(const double *values) {
    bool candidates = false;
    for (std::size_t k = 0; k < kept_.size() && !candidates; ++k)
      candidates = !kept_[k] && values[k] != 0.0;
    if (!candidates)
      return false;
    auto n = static_cast<sunindextype>(fullColPtr_.size() - 1);
    rowMax_.assign(n, 0.0);
    for (std::size_t k = 0; k < kept_.size(); ++k)
      rowMax_[fullRowIdx_[k]] = std::max(rowMax_[fullRowIdx_[k]], std::abs(values[k]));
    for (sunindextype j = 0; j < n; ++j) {
      double columnMax = 0.0;
      for (sunindextype k = fullColPtr_[j]; k < fullColPtr_[j + 1]; ++k)
        columnMax = std::max(columnMax, std::abs(values[k]));
      for (sunindextype k = fullColPtr_[j]; k < fullColPtr_[j + 1]; ++k) {
        double size = std::abs(values[k]);
        if (!kept_[k] && size != 0.0 &&
            (size > negligible * rowMax_[fullRowIdx_[k]] || size > negligible * columnMax))
          return true;
      }
    }
    return false;
  }

  /// KLU's pattern: the kept entries, with positions in the full pattern.
  void compactPattern() {
    auto n = static_cast<sunindextype>(fullColPtr_.size() - 1);
    colPtr_.assign(1, 0);
    rowIdx_.clear();
    keptEntries_.clear();
    for (sunindextype j = 0; j < n; ++j) {
      for (sunindextype k = fullColPtr_[j]; k < fullColPtr_[j + 1]; ++k) {
        if (kept_[k]) {
          rowIdx_.push_back(static_cast<Int>(fullRowIdx_[k]));
          keptEntries_.push_back(k);
        }
      }
      colPtr_.push_back(static_cast<Int>(rowIdx_.size()));
    }
    values_.resize(keptEntries_.size());
  }

  KluCounts &counts_;
  typename K::Common common_{};
  typename K::Symbolic *symbolic_ = nullptr;
  typename K::Numeric *numeric_ = nullptr;
  std::vector<sunindextype> fullColPtr_, fullRowIdx_; ///< the matrix's pattern
  std::vector<char> kept_;                            ///< per entry of it
  std::vector<double> rowMax_; ///< mustGrow's scratch: the largest |value| per row
  long growths_ = 0;             ///< of the kept pattern since it was set
  long refactorizations_ = 0;    ///< since the pattern was set
  double freshRcond_ = INFINITY; ///< KLU's rcond after the last factorization
  std::vector<Int> colPtr_, rowIdx_;       ///< the kept pattern, KLU's
  std::vector<sunindextype> keptEntries_; ///< their positions in the full one
  std::vector<double> values_;             ///< their values
};

/// The solver's content: 32-bit factors until they do not fit.
struct Content {
  bool use32 = true;
  KluCounts counts;
  Factors<Klu32> factors32{counts};
  Factors<Klu64> factors64{counts};
  sunindextype lastFlag = SUNLS_SUCCESS;
};

Content &content(SUNLinearSolver s) { return *static_cast<Content *>(s->content); }

bool fitsInt(SUNMatrix a) {
  return SUNSparseMatrix_NP(a) < INT_MAX && SUNSparseMatrix_NNZ(a) < INT_MAX;
}


int initialize(SUNLinearSolver s) {
  Content &c = content(s);
  c.factors32.forgetPivots();
  c.factors64.forgetPivots();
  c.lastFlag = SUNLS_SUCCESS;
  return SUNLS_SUCCESS;
}

int setup(SUNLinearSolver s, SUNMatrix a) {
  Content &c = content(s);
  if (SUNMatGetID(a) != SUNMATRIX_SPARSE || SUNSparseMatrix_SparseType(a) != CSC_MAT)
    return static_cast<int>(c.lastFlag = SUNLS_ILL_INPUT);
  bool tooLarge = false;
  if (c.use32 && fitsInt(a)) {
    c.lastFlag = c.factors32.setup(a, tooLarge);
    if (!tooLarge)
      return static_cast<int>(c.lastFlag);
  }
  if (c.use32) { // the matrix or its factors do not fit 32-bit indices
    c.use32 = false;
    c.factors32.release();
  }
  c.lastFlag = c.factors64.setup(a, tooLarge);
  return static_cast<int>(c.lastFlag);
}

int solve(SUNLinearSolver s, SUNMatrix a, N_Vector x, N_Vector b, double) {
  Content &c = content(s);
  if (x != b)
    N_VScale(1.0, b, x);
  double *data = N_VGetArrayPointer(x);
  bool ok = data && SUNSparseMatrix_NP(a) == N_VGetLength(x) &&
            (c.use32 ? c.factors32.solve(data) : c.factors64.solve(data));
  c.lastFlag = ok ? SUNLS_SUCCESS : SUNLS_PACKAGE_FAIL_REC;
  return static_cast<int>(c.lastFlag);
}

} // namespace

SunLinearSolverPtr makeKluSolver(SUNContext context, KluIndices indices) {
  SunLinearSolverPtr s = makeDirectSolver<Content>(context, initialize, setup, solve);
  if (s)
    content(s.get()).use32 = indices == KluIndices::Automatic;
  return s;
}

bool kluUses32BitIndices(SUNLinearSolver solver) { return content(solver).use32; }

KluCounts kluCounts(SUNLinearSolver solver) { return content(solver).counts; }

long kluSingularColumn(SUNLinearSolver solver) {
  const Content &c = content(solver);
  return c.use32 ? c.factors32.singularColumn() : c.factors64.singularColumn();
}

} // namespace mocc::rt
