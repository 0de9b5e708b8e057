// KLU behind SUNDIALS' linear solver interface; see KluSolver.h.
#include "runtime/KluSolver.h"

#include <klu.h>
#include <sundials/sundials_math.h>
#include <sunmatrix/sunmatrix_sparse.h>

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

/// The factors of one matrix with one of KLU's interfaces. The pattern is
/// kept in KLU's index type: refactor() and condest() need the pattern
/// analyze() saw, and a restart (SUNLinSolInitialize) keeps the analysis if
/// the matrix's pattern did not change.
template <class K> class Factors {
public:
  using Int = typename K::Int;

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
    double *values = SUNSparseMatrix_Data(a);
    if (!samePattern(n, colPtr, rowIdx)) {
      copyPattern(n, colPtr, rowIdx);
      release();
      symbolic_ = K::analyze(static_cast<Int>(n), colPtr_.data(), rowIdx_.data(), common_);
      ++counts_.analyses;
      if (!symbolic_)
        return failure(tooLarge);
    }
    if (!numeric_)
      return factor(values, tooLarge);
    ++counts_.refactorizations;
    if (!K::refactor(colPtr_.data(), rowIdx_.data(), values, symbolic_, numeric_, common_) ||
        !K::rcond(symbolic_, numeric_, common_))
      return SUNLS_PACKAGE_FAIL_REC;
    // The pivots of the first factorization may no longer suit the matrix:
    // if the cheap estimate of the reciprocal condition number is small and
    // the accurate one agrees, factor anew (SUNLinSol_KLU's test).
    double bound = std::pow(SUN_UNIT_ROUNDOFF, 2.0 / 3.0);
    if (common_.rcond < bound) {
      if (!K::condest(colPtr_.data(), values, symbolic_, numeric_, common_))
        return SUNLS_PACKAGE_FAIL_REC;
      if (common_.condest > 1.0 / bound)
        return factor(values, tooLarge);
    }
    return SUNLS_SUCCESS;
  }

  /// Solves in place with the last factors.
  bool solve(double *b) {
    return numeric_ && K::solve(symbolic_, numeric_, static_cast<Int>(colPtr_.size() - 1), b, common_);
  }

private:
  int factor(double *values, bool &tooLarge) {
    forgetPivots();
    numeric_ = K::factor(colPtr_.data(), rowIdx_.data(), values, symbolic_, common_);
    ++counts_.factorizations;
    return numeric_ ? SUNLS_SUCCESS : failure(tooLarge);
  }

  int failure(bool &tooLarge) {
    tooLarge = common_.status == KLU_TOO_LARGE;
    return SUNLS_PACKAGE_FAIL_UNREC;
  }

  bool samePattern(sunindextype n, const sunindextype *colPtr, const sunindextype *rowIdx) const {
    if (!symbolic_ || static_cast<sunindextype>(colPtr_.size()) != n + 1)
      return false;
    for (sunindextype j = 0; j <= n; ++j)
      if (colPtr_[j] != colPtr[j])
        return false;
    for (sunindextype k = 0; k < colPtr[n]; ++k)
      if (rowIdx_[k] != rowIdx[k])
        return false;
    return true;
  }

  void copyPattern(sunindextype n, const sunindextype *colPtr, const sunindextype *rowIdx) {
    colPtr_.assign(colPtr, colPtr + n + 1);
    rowIdx_.assign(rowIdx, rowIdx + colPtr[n]);
  }

  KluCounts &counts_;
  typename K::Common common_{};
  typename K::Symbolic *symbolic_ = nullptr;
  typename K::Numeric *numeric_ = nullptr;
  std::vector<Int> colPtr_, rowIdx_;
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

SUNLinearSolver_Type getType(SUNLinearSolver) { return SUNLINEARSOLVER_DIRECT; }
SUNLinearSolver_ID getId(SUNLinearSolver) { return SUNLINEARSOLVER_CUSTOM; }

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

sunindextype lastFlag(SUNLinearSolver s) { return content(s).lastFlag; }

int space(SUNLinearSolver, long *realWords, long *intWords) {
  *realWords = 0; // KLU's objects are opaque, as SUNLinSol_KLU reports
  *intWords = 2;
  return SUNLS_SUCCESS;
}

int freeSolver(SUNLinearSolver s) {
  if (!s)
    return SUNLS_SUCCESS;
  delete static_cast<Content *>(s->content);
  s->content = nullptr;
  SUNLinSolFreeEmpty(s);
  return SUNLS_SUCCESS;
}

} // namespace

SunLinearSolverPtr makeKluSolver(SUNContext context, KluIndices indices) {
  SUNLinearSolver s = SUNLinSolNewEmpty(context);
  if (!s)
    return nullptr;
  s->content = new (std::nothrow) Content;
  if (!s->content) {
    SUNLinSolFreeEmpty(s);
    return nullptr;
  }
  content(s).use32 = indices == KluIndices::Automatic;
  s->ops->gettype = getType;
  s->ops->getid = getId;
  s->ops->initialize = initialize;
  s->ops->setup = setup;
  s->ops->solve = solve;
  s->ops->lastflag = lastFlag;
  s->ops->space = space;
  s->ops->free = freeSolver;
  return SunLinearSolverPtr(s);
}

bool kluUses32BitIndices(SUNLinearSolver solver) { return content(solver).use32; }

KluCounts kluCounts(SUNLinearSolver solver) { return content(solver).counts; }

} // namespace mocc::rt
