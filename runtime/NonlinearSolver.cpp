// KINSOL on one implicit system, with a homotopy as the second strategy; see
// NonlinearSolver.h.
//
// Scaling: KINSOL measures the unknowns in units of their nominal values
// (uscale = 1 / nominal) and residual i in units of the largest entry of row
// i of the Jacobian times the nominal values (fscale), so that a scaled
// residual is about the Newton step relative to the nominal values. The
// tolerances below are in these units.
//
// The retry follows the fixed-point homotopy
//   H(x, lambda) = lambda F(x) + (1 - lambda) D (x - x0),
//   D = diag(rowScale_i / nominal_i),
// from the guess x0 at lambda = 0 to F at lambda = 1 in adaptive steps, each
// solved by KINSOL from the previous point (Allgower and Georg, "Numerical
// Continuation Methods", 1990). Its Jacobian is lambda J + (1 - lambda) D.
#include "runtime/NonlinearSolver.h"

#include "runtime/ColoredJacobian.h"
#include "runtime/KluSolver.h"
#include "runtime/NumberFormat.h"
#include "runtime/RuntimeErrors.h"
#include "runtime/Signals.h"
#include "runtime/SundialsSupport.h"

#include <kinsol/kinsol.h>

#include <cstring>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cmath>
#include <memory>

namespace mocc::rt {

namespace {

constexpr double funcNormTolerance = 1e-10;    // KINSOL's stopping test
constexpr double acceptTolerance = 1e-8;       // our test of the final point
constexpr double homotopyStepTolerance = 1e-6; // intermediate homotopy points
constexpr long maxNewtonIterations = 200;
constexpr double longestStep = 1e6; // scaled units, when KINSOL's default is too short
constexpr long maxHomotopyIterations = 50;
constexpr int maxHomotopySteps = 200;
constexpr double minHomotopyStep = 1e-6;
constexpr int maxLevenbergMarquardtIterations = 200;

/// Frees KINSOL memory.
struct KinsolDeleter {
  void operator()(void *memory) const { KINFree(&memory); }
};

/// What a failing KINSOL flag means, in the words of a model's user.
std::string describeKinsolFlag(int flag) {
  switch (flag) {
  case KIN_STEP_LT_STPTOL:
    return "Newton's steps became tiny away from a solution";
  case KIN_LINESEARCH_NONCONV:
  case KIN_LINESEARCH_BCFAIL:
    return "the line search found no step that reduces the residuals (a local minimum of "
           "their norm?)";
  case KIN_MAXITER_REACHED:
    return "too many Newton iterations";
  case KIN_MXNEWT_5X_EXCEEDED:
    return "Newton's iterates diverge";
  case KIN_LINSOLV_NO_RECOVERY:
  case KIN_LSETUP_FAIL:
  case KIN_LSOLVE_FAIL:
    return "the Jacobian of the equations is singular";
  case KIN_SYSFUNC_FAIL:
  case KIN_FIRST_SYSFUNC_ERR:
  case KIN_REPTD_SYSFUNC_ERR:
    return "the equations give values that are not finite (NaN or infinity)";
  default:
    return "the nonlinear solver failed";
  }
}

/// The solver's own account of a failure, for -v.
std::string kinsolDetail(int flag, const SolverMessages &messages) {
  std::string detail = "KINSOL: " + takeFlagName(KINGetReturnFlagName(flag));
  if (!messages.last().empty())
    detail += ": " + messages.last();
  return detail;
}

bool allFinite(const double *values, int64_t n) {
  return std::all_of(values, values + n, [](double x) { return std::isfinite(x); });
}

/// Solves m x = b in place (b becomes x) by Gaussian elimination with
/// partial pivoting; m is n x n, row-major, and is overwritten. False if m
/// is singular.
bool solveDense(std::vector<double> &m, std::vector<double> &b, size_t n) {
  for (size_t c = 0; c < n; ++c) {
    size_t pivot = c;
    for (size_t r = c + 1; r < n; ++r)
      if (std::abs(m[r * n + c]) > std::abs(m[pivot * n + c]))
        pivot = r;
    if (m[pivot * n + c] == 0.0 || !std::isfinite(m[pivot * n + c]))
      return false;
    if (pivot != c) {
      for (size_t k = 0; k < n; ++k)
        std::swap(m[c * n + k], m[pivot * n + k]);
      std::swap(b[c], b[pivot]);
    }
    for (size_t r = c + 1; r < n; ++r) {
      double factor = m[r * n + c] / m[c * n + c];
      if (factor == 0.0)
        continue;
      for (size_t k = c; k < n; ++k)
        m[r * n + k] -= factor * m[c * n + k];
      b[r] -= factor * b[c];
    }
  }
  for (size_t c = n; c-- > 0;) {
    double sum = b[c];
    for (size_t k = c + 1; k < n; ++k)
      sum -= m[c * n + k] * b[k];
    b[c] = sum / m[c * n + c];
  }
  return std::all_of(b.begin(), b.end(), [](double x) { return std::isfinite(x); });
}

/// One implicit system with its KINSOL objects and the state of the homotopy.
class KinsolSystem {
public:
  KinsolSystem(const ImplicitSystem &system, double t, std::vector<double> &v,
               std::span<double> sharedDv);

  /// Creates the KINSOL objects; returns what failed, empty on success.
  std::string setUp();
  /// Newton with a line search from the guess; on failure, the cause.
  bool solveDirectly(std::string &cause);
  /// The homotopy from the guess; on failure, the cause.
  bool solveByHomotopy(std::string &cause);
  /// Levenberg-Marquardt from the guess (small systems); on failure, the cause.
  bool solveByLevenbergMarquardt(std::string &cause);
  /// Writes the current iterate into v and evaluates the kernel there.
  void finish();
  void addStatistics(SolverStatistics &stats) const;
  /// The solver's own account of the last failure accept() judged.
  const std::string &detail() const { return detail_; }
  const std::optional<RuntimeFailure> &rejected() const { return rejected_; }

private:
  static int residualFn(N_Vector u, N_Vector f, void *self);
  static int jacobianFn(N_Vector u, N_Vector f, SUNMatrix jacobian, void *self, N_Vector, N_Vector);
  int evaluate(const double *u, double *f);
  bool assembleJacobian(const double *u, SUNMatrix jacobian);
  void computeScales();
  double scaledResidualNorm();
  bool accept(int flag, std::string &cause);
  /// With `longSteps`, KINSOL's longest Newton step is longestStep instead
  /// of its default.
  int runKinsol(double lambda, double tolerance, long maxIterations, bool longSteps = false);
  double *iterate() { return N_VGetArrayPointer(u_.get()); }

  const ImplicitSystem &system_;
  double t_;
  std::vector<double> &v_;
  int64_t n_;
  ColoredJacobian jacobian_;
  std::vector<double> values_;   // the Jacobian's nonzeros
  std::vector<double> nominal_;  // of each unknown
  std::vector<double> rowScale_; // of each residual
  std::vector<double> start_;    // the guess x0
  std::vector<double> shift_;    // the homotopy's diagonal
  std::vector<double> residual_; // scratch
  double lambda_ = 1.0;
  long residualCalls_ = 0;
  long jacobianCalls_ = 0;
  long iterations_ = 0;
  SolverMessages messages_;
  std::string detail_;
  /// A failed assert at a trial point, kept as the reason if no strategy converges.
  std::optional<RuntimeFailure> rejected_;
  SunContext context_;
  NVectorPtr u_, uScale_, fScale_;
  SunMatrixPtr matrix_;
  SunLinearSolverPtr linearSolver_;
  std::unique_ptr<void, KinsolDeleter> kinsol_;
};

KinsolSystem::KinsolSystem(const ImplicitSystem &system, double t, std::vector<double> &v,
                           std::span<double> sharedDv)
    : system_(system), t_(t), v_(v), n_(static_cast<int64_t>(system.unknowns.size())),
      jacobian_(system.pattern, system.jvp, static_cast<int32_t>(v.size()), system.unknowns, {},
                sharedDv),
      values_(jacobian_.nonzeros()), nominal_(n_, 1.0), rowScale_(n_, 1.0), start_(n_), shift_(n_),
      residual_(n_) {
  for (int64_t i = 0; i < n_; ++i) {
    double nominal = i < static_cast<int64_t>(system.nominal.size()) ? system.nominal[i] : 1.0;
    if (std::isfinite(nominal) && nominal != 0.0)
      nominal_[i] = std::abs(nominal);
    start_[i] = v[system.unknowns[i]];
  }
}

std::string KinsolSystem::setUp() {
  SUNContext context = context_.get();
  u_ = makeVector(n_, context);
  uScale_ = makeVector(n_, context);
  fScale_ = makeVector(n_, context);
  if (!context || !u_ || !uScale_ || !fScale_)
    return "out of memory";
  std::copy(start_.begin(), start_.end(), iterate());
  if (n_ > maxDenseSystemSize) {
    matrix_.reset(SUNSparseMatrix(n_, n_, jacobian_.matrixNonzeros(), CSC_MAT, context));
    if (matrix_)
      linearSolver_ = makeKluSolver(context);
  } else {
    matrix_.reset(SUNDenseMatrix(n_, n_, context));
    if (matrix_)
      linearSolver_.reset(SUNLinSol_Dense(u_.get(), matrix_.get(), context));
  }
  kinsol_.reset(KINCreate(context));
  if (!matrix_ || !linearSolver_ || !kinsol_)
    return "cannot create the KINSOL solver";
  void *kinsol = kinsol_.get();
  bool ok = KINSetErrHandlerFn(kinsol, SolverMessages::handle, &messages_) == KIN_SUCCESS &&
            KINInit(kinsol, residualFn, u_.get()) == KIN_SUCCESS &&
            KINSetUserData(kinsol, this) == KIN_SUCCESS &&
            KINSetLinearSolver(kinsol, linearSolver_.get(), matrix_.get()) == KIN_SUCCESS &&
            KINSetJacFn(kinsol, jacobianFn) == KIN_SUCCESS &&
            KINSetMaxSetupCalls(kinsol, 1) == KIN_SUCCESS; // exact Newton
  return ok ? std::string() : "cannot set up KINSOL: " + messages_.last();
}

int KinsolSystem::residualFn(N_Vector u, N_Vector f, void *self) {
  return static_cast<KinsolSystem *>(self)->evaluate(N_VGetArrayPointer(u), N_VGetArrayPointer(f));
}

int KinsolSystem::jacobianFn(N_Vector u, N_Vector, SUNMatrix jacobian, void *self, N_Vector,
                             N_Vector) {
  return static_cast<KinsolSystem *>(self)->assembleJacobian(N_VGetArrayPointer(u), jacobian) ? 0
                                                                                              : 1;
}

/// H(u) = lambda F(u) + (1 - lambda) D (u - x0); F itself when lambda = 1.
int KinsolSystem::evaluate(const double *u, double *f) {
  if (stopRequest())
    return -1; // a signal asked the run to stop (Signals.h): KINSOL stops too
  for (int64_t i = 0; i < n_; ++i)
    v_[system_.unknowns[i]] = u[i];
  system_.residual(t_, v_.data(), f);
  ++residualCalls_;
  if (runtimeErrorPending(t_)) {
    // A failed assert at a trial point (IF97's region check at a pressure
    // that a Newton step overshot to) need not hold where Newton converges:
    // recoverable, KINSOL shortens the step, as for a value that is not
    // finite (and as IDA's residual does, DaeIntegrator.cpp). Kept as the
    // reason if no strategy converges.
    rejected_ = takeRuntimeFailure(t_);
    return 1;
  }
  if (lambda_ != 1.0) {
    for (int64_t i = 0; i < n_; ++i)
      f[i] = lambda_ * f[i] + (1.0 - lambda_) * rowScale_[i] * (u[i] - start_[i]) / nominal_[i];
  }
  return allFinite(f, n_) ? 0 : 1; // not finite: recoverable, KINSOL shortens the step
}

/// lambda J + (1 - lambda) D, J from the colored JVPs at u.
bool KinsolSystem::assembleJacobian(const double *u, SUNMatrix jacobian) {
  for (int64_t i = 0; i < n_; ++i)
    v_[system_.unknowns[i]] = u[i];
  system_.residual(t_, v_.data(), residual_.data()); // the JVPs need v at the point
  jacobian_.evaluate(t_, v_.data(), 0.0, values_.data());
  ++jacobianCalls_;
  if (runtimeErrorPending(t_))
    return false;
  const double *shift = nullptr;
  if (lambda_ != 1.0) {
    for (double &value : values_)
      value *= lambda_;
    for (int64_t j = 0; j < n_; ++j)
      shift_[j] = (1.0 - lambda_) * rowScale_[j] / nominal_[j];
    shift = shift_.data();
  }
  jacobian_.store(values_.data(), shift, jacobian);
  return allFinite(values_.data(), jacobian_.nonzeros());
}

/// Sets uscale from the nominal values and fscale from the rows of the
/// Jacobian at the current iterate.
void KinsolSystem::computeScales() {
  for (int64_t i = 0; i < n_; ++i)
    v_[system_.unknowns[i]] = iterate()[i];
  system_.residual(t_, v_.data(), residual_.data());
  jacobian_.evaluate(t_, v_.data(), 0.0, values_.data());
  std::fill(rowScale_.begin(), rowScale_.end(), 0.0);
  const SparsityPattern &pattern = jacobian_.pattern();
  for (int64_t j = 0; j < n_; ++j) {
    for (int64_t k = pattern.colPtr[j]; k < pattern.colPtr[j + 1]; ++k) {
      double size = std::abs(values_[k]) * nominal_[j];
      if (std::isfinite(size))
        rowScale_[pattern.rowIdx[k]] = std::max(rowScale_[pattern.rowIdx[k]], size);
    }
  }
  double *uScale = N_VGetArrayPointer(uScale_.get());
  double *fScale = N_VGetArrayPointer(fScale_.get());
  for (int64_t i = 0; i < n_; ++i) {
    if (rowScale_[i] == 0.0)
      rowScale_[i] = 1.0;
    uScale[i] = 1.0 / nominal_[i];
    fScale[i] = 1.0 / rowScale_[i];
  }
}

/// ||fscale F||_inf at the current iterate, with the current scales.
double KinsolSystem::scaledResidualNorm() {
  double savedLambda = lambda_;
  lambda_ = 1.0;
  int status = evaluate(iterate(), residual_.data());
  lambda_ = savedLambda;
  if (status != 0)
    return INFINITY;
  double norm = 0.0;
  for (int64_t i = 0; i < n_; ++i)
    norm = std::max(norm, std::abs(residual_[i]) / rowScale_[i]);
  return norm;
}

/// Runs KINSOL on H(., lambda) from the current iterate.
int KinsolSystem::runKinsol(double lambda, double tolerance, long maxIterations, bool longSteps) {
  void *kinsol = kinsol_.get();
  lambda_ = lambda;
  KINSetFuncNormTol(kinsol, tolerance);
  KINSetNumMaxIters(kinsol, maxIterations);
  KINSetMaxNewtonStep(kinsol, longSteps ? longestStep : 0.0); // 0: KINSOL's default
  int flag = KINSol(kinsol, u_.get(), KIN_LINESEARCH, uScale_.get(), fScale_.get());
  long count = 0;
  KINGetNumNonlinSolvIters(kinsol, &count);
  iterations_ += count;
  lambda_ = 1.0;
  return flag;
}

/// Whether the iterate KINSOL stopped at (with `flag`) solves F = 0, judged
/// with scales computed there: scales from a poor guess can make KINSOL's own
/// test too loose, so a converged run is polished once with the new scales.
bool KinsolSystem::accept(int flag, std::string &cause) {
  computeScales();
  if (flag >= 0 && scaledResidualNorm() > acceptTolerance)
    flag = runKinsol(1.0, funcNormTolerance, maxNewtonIterations);
  double norm = scaledResidualNorm();
  if (norm <= acceptTolerance)
    return true;
  int why = flag >= 0 ? KIN_STEP_LT_STPTOL : flag;
  cause = describeKinsolFlag(why);
  if (std::isfinite(norm))
    cause += " (scaled residual " + formatNumber(norm) + ")";
  detail_ = kinsolDetail(why, messages_);
  return false;
}

bool KinsolSystem::solveDirectly(std::string &cause) {
  computeScales();
  int flag = runKinsol(1.0, funcNormTolerance, maxNewtonIterations);
  if (flag == KIN_MXNEWT_5X_EXCEEDED) {
    // KINSOL's longest step is 1000 ||u0||_Du but at least 1: from u0 = 0
    // one scaled unit per iteration, and five such steps in a row count as
    // divergence (a saturation inverted from u = 0 towards -10, as in
    // Blocks.Examples.PID_Controller). Once more from the start with long
    // steps; the default stays first, since it keeps Newton near the start
    // where equations have several roots.
    std::copy(start_.begin(), start_.end(), iterate());
    flag = runKinsol(1.0, funcNormTolerance, maxNewtonIterations, /*longSteps=*/true);
  }
  return accept(flag, cause);
}

bool KinsolSystem::solveByHomotopy(std::string &cause) {
  messages_.clear();
  std::copy(start_.begin(), start_.end(), iterate());
  computeScales();
  std::vector<double> saved(n_);
  double lambda = 0.0;
  double step = 0.1;
  int flag = KIN_SUCCESS;
  for (int attempt = 0; attempt < maxHomotopySteps && lambda < 1.0; ++attempt) {
    double next = std::min(1.0, lambda + step);
    std::copy(iterate(), iterate() + n_, saved.begin());
    bool last = next == 1.0;
    flag = runKinsol(next, last ? funcNormTolerance : homotopyStepTolerance,
                     last ? maxNewtonIterations : maxHomotopyIterations);
    // The last step is judged by accept(); intermediate ones must converge.
    if (flag == KIN_SUCCESS || flag == KIN_INITIAL_GUESS_OK || (last && flag >= 0)) {
      lambda = next;
      step = std::min(2.0 * step, 0.5);
      continue;
    }
    std::copy(saved.begin(), saved.end(), iterate());
    step *= 0.25;
    if (step < minHomotopyStep)
      break;
  }
  if (lambda == 1.0 && accept(flag, cause))
    return true;
  if (lambda < 1.0)
    cause = "stopped at lambda = " + formatNumber(std::round(lambda * 1e4) / 1e4) + ": " +
            describeKinsolFlag(flag);
  return false;
}

/// The third strategy, for systems of at most maxDenseSystemSize unknowns:
/// the Levenberg-Marquardt method (K. Levenberg 1944, D. W. Marquardt 1963,
/// with the scaling of J. J. Moré, "The Levenberg-Marquardt algorithm:
/// implementation and theory", 1978) on the scaled system, minimizing
/// ||fscale F||^2 with steps (J'J + mu diag(J'J)) d = -J'F. It goes where a
/// Jacobian singular at the guess sends Newton's direction astray and the
/// line search stops (the atan2 residues of MultiBody's
/// Orientation.equalityConstraint are equal in two rows at the identity,
/// where a Body's quaternion starts), and the homotopy's path turns back.
bool KinsolSystem::solveByLevenbergMarquardt(std::string &cause) {
  if (n_ > maxDenseSystemSize)
    return false;
  std::copy(start_.begin(), start_.end(), iterate());
  computeScales();
  auto n = static_cast<size_t>(n_);
  std::vector<double> x(start_), trial(n), f(n), scaled(n), a(n * n), g(n), d(n), m(n * n);
  const SparsityPattern &pattern = jacobian_.pattern();
  // ||fscale F|| at u, F in f; infinite where F is not finite.
  auto norm = [&](const std::vector<double> &u) -> double {
    if (evaluate(u.data(), f.data()) != 0)
      return INFINITY;
    double sum = 0.0;
    for (size_t i = 0; i < n; ++i) {
      scaled[i] = f[i] / rowScale_[i];
      sum += scaled[i] * scaled[i];
    }
    return std::sqrt(sum);
  };
  double current = norm(x);
  double mu = 1e-3;
  for (int iteration = 0; iteration < maxLevenbergMarquardtIterations && current > funcNormTolerance;
       ++iteration) {
    // J in the scaled unknowns x / nominal and residuals F / rowScale.
    for (size_t i = 0; i < n; ++i)
      v_[system_.unknowns[i]] = x[i];
    system_.residual(t_, v_.data(), residual_.data());
    jacobian_.evaluate(t_, v_.data(), 0.0, values_.data());
    ++jacobianCalls_;
    if (runtimeErrorPending(t_))
      break;
    std::vector<double> jac(n * n, 0.0); // row-major
    for (size_t j = 0; j < n; ++j)
      for (int64_t k = pattern.colPtr[j]; k < pattern.colPtr[j + 1]; ++k) {
        auto i = static_cast<size_t>(pattern.rowIdx[k]);
        jac[i * n + j] = values_[k] * nominal_[j] / rowScale_[i];
      }
    if (!allFinite(jac.data(), n_ * n_))
      break;
    std::fill(a.begin(), a.end(), 0.0);
    std::fill(g.begin(), g.end(), 0.0);
    for (size_t i = 0; i < n; ++i)
      for (size_t r = 0; r < n; ++r) {
        double jri = jac[r * n + i];
        if (jri == 0.0)
          continue;
        g[i] += jri * scaled[r];
        for (size_t c = 0; c < n; ++c)
          a[i * n + c] += jri * jac[r * n + c];
      }
    bool improved = false;
    while (!improved && mu < 1e12) {
      m = a;
      for (size_t i = 0; i < n; ++i)
        m[i * n + i] += mu * std::max(a[i * n + i], 1e-12);
      for (size_t i = 0; i < n; ++i)
        d[i] = -g[i];
      if (!solveDense(m, d, n)) {
        mu *= 4;
        continue;
      }
      for (size_t i = 0; i < n; ++i)
        trial[i] = x[i] + d[i] * nominal_[i];
      double next = norm(trial);
      if (next < current) {
        x = trial;
        current = next;
        mu = std::max(mu / 3, 1e-12);
        improved = true;
      } else {
        mu *= 4;
      }
    }
    if (!improved)
      break;
  }
  std::copy(x.begin(), x.end(), iterate());
  return accept(current <= funcNormTolerance ? KIN_SUCCESS : KIN_LINESEARCH_NONCONV, cause);
}

void KinsolSystem::finish() {
  lambda_ = 1.0;
  evaluate(iterate(), residual_.data());
}

void KinsolSystem::addStatistics(SolverStatistics &stats) const {
  stats.residualEvaluations += residualCalls_;
  stats.jacobianEvaluations += jacobianCalls_;
  stats.nonlinearIterations += iterations_;
}

} // namespace

RunStatus solveImplicitSystem(const ImplicitSystem &system, double t, std::vector<double> &v,
                              SolverStatistics &stats, std::span<double> sharedDv) {
  auto n = static_cast<int64_t>(system.unknowns.size());
  // The description's first line reads "the system of N equation(s) for
  // ..."; the lines after it are notes that show its equations.
  std::string first = system.description.substr(0, system.description.find('\n'));
  std::vector<std::string> equations;
  for (size_t at = first.size(); at < system.description.size();) {
    size_t end = std::min(system.description.find('\n', at + 1), system.description.size());
    equations.push_back(system.description.substr(at + 1, end - at - 1));
    at = end;
  }
  std::string what = first.rfind("the system ", 0) == 0
                         ? "the nonlinear " + first.substr(4)
                         : "the nonlinear system of equations " + first;
  if (n == 0) {
    if (system.residual)
      system.residual(t, v.data(), nullptr);
    return {};
  }
  if (!system.residual || !system.jvp)
    return {false, t, what + " has no residual or derivative function"};
  if (std::string problem = checkPattern(system.pattern, n); !problem.empty())
    return {false, t, what + " has a bad Jacobian pattern: " + problem};
  if (sharedDv.size() != v.size())
    sharedDv = {};
  // The JVPs leave tangents in the slots the kernel assigns (the seeds are
  // reset by ColoredJacobian): zero them for the next system.
  struct Rezero {
    std::span<double> dv;
    const std::vector<int32_t> &assigned;
    ~Rezero() {
      for (int32_t slot : assigned)
        if (slot >= 0 && static_cast<size_t>(slot) < dv.size())
          dv[slot] = 0.0;
    }
  } rezero{sharedDv, system.assigned};
  KinsolSystem solver(system, t, v, sharedDv);
  if (std::string problem = solver.setUp(); !problem.empty())
    return {false, t, what + " could not be solved: " + problem};
  std::string directCause;
  std::string homotopyCause;
  std::string marquardtCause;
  bool solved = solver.solveDirectly(directCause);
  std::string detail = solver.detail();
  solved = solved || (!runtimeErrorPending(t) && solver.solveByHomotopy(homotopyCause)) ||
           (!runtimeErrorPending(t) && solver.solveByLevenbergMarquardt(marquardtCause));
  solver.addStatistics(stats);
  if (!solved && solver.rejected() && !runtimeErrorPending(t)) {
    // The assert that rejected a point is what the user reads, as before
    // (the caller reports a pending error first).
    double text[1];
    const char *message = solver.rejected()->message.c_str();
    std::memcpy(text, &message, sizeof message);
    mocc_runtime_error("%s", text);
  }
  if (!solved) {
    RunStatus status{false, t, what + " did not converge: " + directCause, equations, detail};
    if (!homotopyCause.empty())
      status.notes.push_back("note: a homotopy from the start values failed too: " + homotopyCause);
    if (!marquardtCause.empty())
      status.notes.push_back("note: Levenberg-Marquardt from the start values failed too: " +
                             marquardtCause);
    return status;
  }
  solver.finish();
  return {};
}

} // namespace mocc::rt
