// IDA on a compiled model; see DaeIntegrator.h.
//
// Choices:
// - Absolute tolerances are per component, tolerance * yNominal[i].
// - The error test is the weighted RMS norm over the states (weightFn):
//   the tolerance means for a DAE what it means for the ODE form.
// - Algebraic components are left out of the error test
//   (IDASetSuppressAlg), so that error control sees the states only, as in
//   the ODE form that OpenModelica and Dymola integrate by default (they
//   solve the algebraic variables from the states): after index
//   reduction the DAE has index 1, and the algebraic components are
//   functions of the states, as accurate as the states are (the corrector
//   solves their equations at every step). Many of them are dummy
//   derivatives, accelerations, and their local error estimates, those of
//   higher derivatives of the motion, made IDA take ten times the steps the
//   states need (a chain of 15 MultiBody links: 6,640 steps instead of 620,
//   with states less accurate, not more).
// - With algebraic components, Newton's convergence test is tightened to
//   what it is for the states of an ODE. IDA's test is on a weighted RMS
//   norm over all n components (coefficient 0.33), and with ns states among
//   them an RMS of 0.33 lets the states' corrections be sqrt(n / ns) times
//   that: 5.5 times in a MultiBody chain, where 2 of 62 components are
//   states. The corrections left in the states are noise in IDA's history,
//   its estimates at higher orders see that noise, and it stays at order 2
//   or 3 (a chain of 88 links: 1,134 steps, against 418 for the same
//   chain's ODE form at order 5). The coefficient is 0.33 sqrt(ns / n), and
//   the corrector may take 8 iterations instead of 4: the algebraic
//   components start from an extrapolation that error control no longer
//   checks, and an iteration costs far less than the new Jacobian (a
//   coloured evaluation and a refactorization) that a failed one brings.
// - Values between IDA's steps come from its interpolating polynomial, which
//   no longer keeps the algebraic components to the tolerance: a point IDA
//   interpolates (an output time, a root, a zero-crossing function's
//   argument) is first corrected by Newton iterations with the last
//   factored Jacobian (project()), so that the equations hold there as they
//   do at the steps.
// - IDACalcIC runs only if the residual at a (re)start is not small:
//   initialization already solved the same equations, and IDACalcIC would
//   move values the user fixed. After an event it runs whenever reinit()
//   or a discrete change made the old y' inconsistent.
// - IDA_NORMAL to each output time: IDA steps past it and interpolates, so
//   the output grid does not restrict the step size. Time events are IDA's
//   stop time, so that no step crosses them.
// - A restart after an event is IDAReInit on the same solver: the vectors,
//   the KLU solver and its symbolic analysis are kept (KluSolver.h).
// - The linear solver is KLU, or GMRES with ILU(0) for a large system of
//   states whose LU factors would fill in (LinearSolver.h): both present
//   themselves as direct solvers of the same matrix.
#include "runtime/DaeIntegrator.h"

#include "runtime/LinearSolver.h"
#include "runtime/NonFinite.h"
#include "runtime/NonlinearSolver.h"
#include "runtime/NumberFormat.h"
#include "runtime/RuntimeErrors.h"
#include "runtime/Signals.h"

#include <ida/ida.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace mocc::rt {

namespace {

/// Steps IDA may take between two output times.
constexpr long maxStepsPerOutput = 100000;

/// IDA's default coefficient of Newton's convergence test (epcon), scaled
/// down for DAEs (see the comment at the top).
constexpr double newtonCoefficient = 0.33;

/// Corrector iterations per step for a DAE (IDA's default is 4).
constexpr int daeNewtonIterations = 8;

/// How often a root found exactly at a zero is moved on (doubling the step).
constexpr int maxRootShifts = 60;

/// What a failing IDA flag means, in the words of a model's user.
std::string describeIdaFlag(int flag) {
  switch (flag) {
  case IDA_TOO_MUCH_WORK:
    return "the solver took more than " + std::to_string(maxStepsPerOutput) +
           " steps without reaching the next output time (the model may chatter or be very "
           "stiff here)";
  case IDA_TOO_MUCH_ACC:
    return "the solver cannot reach the requested accuracy (try a larger tolerance)";
  case IDA_ERR_FAIL:
    return "the solver's error test failed even at the smallest step (a discontinuity that "
           "is not an event, or a singularity)";
  case IDA_CONV_FAIL:
  case IDA_NLS_FAIL:
    return "the solver's Newton iteration did not converge even at the smallest step (the "
           "equations have no nearby solution, or their Jacobian is nearly singular)";
  case IDA_LSETUP_FAIL:
  case IDA_LSOLVE_FAIL:
    return "the Jacobian of the equations is singular (the states chosen cannot be integrated "
           "here)";
  case IDA_RES_FAIL:
  case IDA_REP_RES_ERR:
  case IDA_FIRST_RES_FAIL:
    return "the equations give values that are not finite (NaN or infinity)";
  case IDA_RTFUNC_FAIL:
    return "the zero-crossing functions give values that are not finite";
  case IDA_NO_RECOVERY:
  case IDA_LINESEARCH_FAIL:
    return "no consistent values could be computed";
  default:
    return "the solver failed";
  }
}

/// The solver's own account of a failure, for -v: the flag's name and
/// IDA's last message.
std::string idaDetail(int flag, const SolverMessages &messages) {
  std::string detail = "IDA: " + takeFlagName(IDAGetReturnFlagName(flag));
  if (!messages.last().empty())
    detail += ": " + messages.last();
  return detail;
}

bool allFinite(const double *values, int64_t n) {
  return std::all_of(values, values + n, [](double x) { return std::isfinite(x); });
}

/// `status`, unless generated code reported an error (at the latest at t):
/// then that error.
RunStatus unlessGeneratedCodeFailed(RunStatus status, double t) {
  if (auto failure = takeRuntimeFailure(t))
    return {false, failure->time, failure->describe()};
  return status;
}

} // namespace

void DaeIntegrator::IdaDeleter::operator()(void *memory) const { IDAFree(&memory); }

DaeIntegrator::DaeIntegrator(const CompiledModel &model, std::vector<double> &v,
                             ZeroCrossings crossings, LinearSolverKind linearSolver)
    : model_(model), v_(v), n_(static_cast<int64_t>(model.ySlot.size())),
      crossings_(crossings), linearSolverKind_(linearSolver), clock_(n_ == 0 && crossings.count > 0), size_(clock_ ? 1 : n_),
      jacobian_(model.jacobian, model.jvp, model.numSlots, model.ySlot, model.ypSlot),
      values_(jacobian_.nonzeros()), residual_(size_), g_(crossings.count),
      rootDirections_(crossings.count, 0) {}

RunStatus DaeIntegrator::start(double t0, double tolerance, double nextTime) {
  tolerance_ = tolerance;
  if (size_ == 0) { // nothing to integrate: advance only evaluates the kernel
    evaluate(t0);
    return unlessGeneratedCodeFailed({}, t0);
  }
  if (std::string problem = createSolver(t0); !problem.empty())
    return {false, t0, "simulation failed at time t = " + formatTime(t0) + ": " + problem};
  return unlessGeneratedCodeFailed(makeConsistent(t0, nextTime, false), t0);
}

RunStatus DaeIntegrator::restart(double t, double nextTime, bool force) {
  if (size_ == 0) {
    evaluate(t);
    return unlessGeneratedCodeFailed({}, t);
  }
  addIdaCounters(earlierCounters_); // IDAReInit zeroes them
  setupCj_ = 0.0; // the factored matrix is of the equations before the event
  copyFromSlots();
  if (IDAReInit(ida_.get(), t, y_.get(), yp_.get()) != IDA_SUCCESS)
    return {false, t,
            "simulation failed at time t = " + formatTime(t) +
                ": the solver could not restart after the event",
            {}, "IDA: " + messages_.last()};
  return unlessGeneratedCodeFailed(makeConsistent(t, nextTime, true, force), t);
}

/// y and y' from their slots; y' of an algebraic component is 0.
void DaeIntegrator::copyFromSlots() {
  double *y = N_VGetArrayPointer(y_.get());
  double *yp = N_VGetArrayPointer(yp_.get());
  for (int64_t i = 0; i < n_; ++i) {
    y[i] = v_[model_.ySlot[i]];
    yp[i] = model_.ypSlot[i] >= 0 ? v_[model_.ypSlot[i]] : 0.0;
  }
  if (clock_)
    y[0] = yp[0] = 0.0;
}

/// Creates the vectors, the matrix, KLU and IDA; returns what failed.
std::string DaeIntegrator::createSolver(double t0) {
  SUNContext context = context_.get();
  y_ = makeVector(size_, context);
  yp_ = makeVector(size_, context);
  id_ = makeVector(size_, context);
  absTolerance_ = makeVector(size_, context);
  weights_ = makeVector(size_, context);
  correction_ = makeVector(size_, context);
  rhs_ = makeVector(size_, context);
  if (!context || !y_ || !yp_ || !id_ || !absTolerance_ || !weights_ || !correction_ || !rhs_)
    return "out of memory";
  copyFromSlots();
  double *id = N_VGetArrayPointer(id_.get());
  double *absTolerance = N_VGetArrayPointer(absTolerance_.get());
  int64_t states = 0;
  for (int64_t i = 0; i < size_; ++i) {
    id[i] = clock_ || model_.ypSlot[i] >= 0 ? 1.0 : 0.0;
    states += id[i] != 0.0;
    double nominal = i < static_cast<int64_t>(model_.yNominal.size()) ? model_.yNominal[i] : 1.0;
    bool usable = std::isfinite(nominal) && nominal != 0.0;
    absTolerance[i] = tolerance_ * (usable ? std::abs(nominal) : 1.0);
  }
  hasAlgebraic_ = states < size_;
  stateWeightScale_ =
      std::sqrt(static_cast<double>(size_) / static_cast<double>(std::max<int64_t>(states, 1)));
  int64_t nonzeros = clock_ ? 1 : jacobian_.matrixNonzeros();
  matrix_.reset(SUNSparseMatrix(size_, size_, nonzeros, CSC_MAT, context));
  if (matrix_)
    linearSolver_ = makeLinearSolver(context, linearSolverKind_, !hasAlgebraic_);
  ida_.reset(IDACreate(context));
  if (!matrix_ || !linearSolver_ || !ida_)
    return "cannot create the IDA solver";
  void *ida = ida_.get();
  bool ok = IDASetErrHandlerFn(ida, SolverMessages::handle, &messages_) == IDA_SUCCESS &&
            IDAInit(ida, residualFn, t0, y_.get(), yp_.get()) == IDA_SUCCESS &&
            IDAWFtolerances(ida, weightFn) == IDA_SUCCESS &&
            IDASetUserData(ida, this) == IDA_SUCCESS && IDASetId(ida, id_.get()) == IDA_SUCCESS &&
            IDASetSuppressAlg(ida, SUNTRUE) == IDA_SUCCESS &&
            (!hasAlgebraic_ ||
             (IDASetNonlinConvCoef(ida, newtonCoefficient * std::sqrt(std::max<double>(states, 1) /
                                                                      static_cast<double>(size_))) ==
                  IDA_SUCCESS &&
              IDASetMaxNonlinIters(ida, daeNewtonIterations) == IDA_SUCCESS)) &&
            IDASetMaxNumSteps(ida, maxStepsPerOutput) == IDA_SUCCESS &&
            IDASetLinearSolver(ida, linearSolver_.get(), matrix_.get()) == IDA_SUCCESS &&
            IDASetJacFn(ida, jacobianFn) == IDA_SUCCESS &&
            (crossings_.count == 0 || IDARootInit(ida, crossings_.count, rootFn) == IDA_SUCCESS);
  return ok ? std::string() : "cannot set up IDA: " + messages_.last();
}

/// max_i |F_i| / rowScale_i at t, where rowScale_i is the largest entry of
/// row i of dF/dy + dF/dy' times the nominal value of its column.
double DaeIntegrator::scaledResidual(double t) {
  load(t, N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(yp_.get()), residual_.data());
  if (clock_)
    return 0.0;
  if (!allFinite(residual_.data(), n_))
    return INFINITY;
  jacobian_.evaluate(t, v_.data(), 1.0, values_.data());
  std::vector<double> rowScale(n_, 0.0);
  const SparsityPattern &pattern = jacobian_.pattern();
  for (int64_t j = 0; j < n_; ++j) {
    double nominal = j < static_cast<int64_t>(model_.yNominal.size()) ? model_.yNominal[j] : 1.0;
    for (int64_t k = pattern.colPtr[j]; k < pattern.colPtr[j + 1]; ++k) {
      double size = std::abs(values_[k] * nominal);
      if (std::isfinite(size))
        rowScale[pattern.rowIdx[k]] = std::max(rowScale[pattern.rowIdx[k]], size);
    }
  }
  double norm = 0.0;
  for (int64_t i = 0; i < n_; ++i)
    norm = std::max(norm, std::abs(residual_[i]) / (rowScale[i] > 0.0 ? rowScale[i] : 1.0));
  return norm;
}

/// If the residual at t is not small, IDACalcIC computes the algebraic
/// components and the derivatives of the differential ones from the
/// differential ones. v then holds the consistent values.
RunStatus DaeIntegrator::makeConsistent(double t, double nextTime, bool afterEvent, bool force) {
  double norm = scaledResidual(t);
  if (norm <= tolerance_ && !force)
    return {};
  // Values that are not finite (after an event, or from initialization)
  // are no starting point for IDACalcIC: the run stops and says where they
  // came from.
  if (!clock_ && (!allFinite(residual_.data(), n_) || !allSlotsFinite(model_, v_.data())))
    return nonFiniteFailure(t, v_.data(), residual_.data());
  std::vector<double> y0(N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(y_.get()) + size_);
  std::vector<double> yp0(N_VGetArrayPointer(yp_.get()), N_VGetArrayPointer(yp_.get()) + size_);
  int flag = IDACalcIC(ida_.get(), IDA_YA_YDP_INIT, nextTime);
  if (flag < 0 && solveAtFixedStates(t, y0, yp0))
    return {};
  if (flag < 0) {
    std::string what = afterEvent ? "simulation failed at time t = " + formatTime(t) +
                                        ": the values after the event"
                                  : "initialization failed at time " + formatTime(t) +
                                        ": the initial values";
    return {false, t,
            what + " do not satisfy the equations and could not be corrected: " +
                describeIdaFlag(flag),
            {"note: the scaled residual of the equations is " + formatNumber(norm)},
            idaDetail(flag, messages_) + " (IDACalcIC)"};
  }
  IDAGetConsistentIC(ida_.get(), y_.get(), yp_.get());
  load(t, N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(yp_.get()), residual_.data());
  return {};
}

/// IDACalcIC's Newton iteration with its line search starts from the old
/// values and stays near them; where their branch of the algebraic
/// equations has ended (a fold: the Schmitt trigger of an op-amp with
/// positive feedback, whose output must jump to the other saturation) it
/// finds nothing. The same equations at fixed states (the algebraic
/// components and the derivatives of the differential ones as unknowns) go
/// to the solver of initialization, whose fixed-point homotopy from the old
/// values reaches the branch that goes on. On success IDA restarts there.
/// The equations at fixed states: the algebraic components and the
/// derivatives of the differential ones are the unknowns.
ImplicitSystem DaeIntegrator::fixedStateSystem() const {
  ImplicitSystem system;
  for (int64_t i = 0; i < n_; ++i) {
    bool differential = model_.ypSlot[i] >= 0;
    system.unknowns.push_back(differential ? model_.ypSlot[i] : model_.ySlot[i]);
    double nominal = i < static_cast<int64_t>(model_.yNominal.size()) ? model_.yNominal[i] : 1.0;
    system.nominal.push_back(differential ? 1.0 : nominal);
  }
  system.residual = model_.residual;
  system.jvp = model_.jvp;
  system.pattern = model_.jacobian;
  system.description = "the system of " + std::to_string(n_) + " equation(s) at fixed states";
  return system;
}

bool DaeIntegrator::solveAtFixedStates(double t, const std::vector<double> &y0,
                                       const std::vector<double> &yp0) {
  if (clock_ || !model_.jvp)
    return false;
  ImplicitSystem system = fixedStateSystem();
  std::copy(y0.begin(), y0.end(), N_VGetArrayPointer(y_.get()));
  std::copy(yp0.begin(), yp0.end(), N_VGetArrayPointer(yp_.get()));
  load(t, y0.data(), yp0.data(), residual_.data());
  (void)takeRuntimeFailure(t); // a failed assert at a point IDACalcIC tried
  SolverStatistics stats;
  bool solved = solveImplicitSystem(system, t, v_, stats).ok && !runtimeErrorPending(t);
  residualCalls_ += stats.residualEvaluations;
  jacobianCalls_ += stats.jacobianEvaluations;
  if (!solved)
    return false;
  copyFromSlots();
  if (IDAReInit(ida_.get(), t, y_.get(), yp_.get()) != IDA_SUCCESS)
    return false;
  load(t, N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(yp_.get()), residual_.data());
  return true;
}

RunStatus DaeIntegrator::advance(double target, double stopTime, bool oneStep, double &reached,
                                 StopKind &kind) {
  kind = StopKind::Target;
  reached = target;
  rejected_.reset();
  nonFinite_.reset();
  if (size_ == 0) {
    evaluate(target);
    return unlessGeneratedCodeFailed({}, target);
  }
  double current = target;
  IDAGetCurrentTime(ida_.get(), &current);
  long steps = 0;
  IDAGetNumSteps(ida_.get(), &steps);
  if (oneStep && steps > 0 && target <= current)
    return interpolate(target);
  // IDA keeps a stop time until it reaches it, and an IDAReInit does not
  // forget it: set it before every call.
  IDASetStopTime(ida_.get(), stopTime);
  double tout = oneStep ? stopTime : target; // in one-step mode only a direction
  int flag = IDASolve(ida_.get(), tout, &reached, y_.get(), yp_.get(),
                      oneStep ? IDA_ONE_STEP : IDA_NORMAL);
  if (flag < 0)
    return solverFailure(flag);
  if (flag == IDA_ROOT_RETURN) {
    kind = StopKind::Root;
    return locateRoot(reached, stopTime, reached);
  }
  if (!oneStep)
    projectOrSolve(reached, N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(yp_.get()));
  load(reached, N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(yp_.get()), residual_.data());
  if (oneStep)
    kind = StopKind::Step;
  return unlessGeneratedCodeFailed({}, reached);
}

/// The status of a failed IDASolve, at the time IDA got to.
RunStatus DaeIntegrator::solverFailure(int flag) {
  stepFailed_ = flag == IDA_CONV_FAIL || flag == IDA_ERR_FAIL;
  double failedAt = 0;
  IDAGetCurrentTime(ida_.get(), &failedAt);
  if (rejected_ && (flag == IDA_REP_RES_ERR || flag == IDA_CONV_FAIL || flag == IDA_ERR_FAIL ||
                    flag == IDA_FIRST_RES_FAIL)) {
    stepFailed_ = false; // the model's own check, not a branch to jump over
    return {false, rejected_->time, rejected_->describe()};
  }
  // Values that were not finite at the points IDA tried last (a NaN that
  // persists while IDA shortens its step), or in the zero-crossing
  // functions, or at every point it tried past where it got stuck (IDA
  // shortened its steps until it gave up: der(x) = sqrt(0.5 - time)
  // approaches 0.5 in ever smaller steps): the failure says which equation
  // made them. A failed step may still be jumped over (Integration.cpp).
  bool nonFinite = flag == IDA_REP_RES_ERR || flag == IDA_FIRST_RES_FAIL ||
                   flag == IDA_RTFUNC_FAIL || !lastEvaluationFinite_ ||
                   (nonFinite_ && nonFinite_->t >= failedAt);
  if (nonFinite_ && nonFinite)
    return nonFiniteFailure(nonFinite_->t, nonFinite_->v.data(), nonFinite_->residual.data());
  std::string message =
      "simulation failed at time t = " + formatTime(failedAt) + ": " + describeIdaFlag(flag);
  std::vector<std::string> notes;
  if (flag == IDA_LSETUP_FAIL || flag == IDA_LSOLVE_FAIL)
    if (std::string note = singularColumnNote(); !note.empty())
      notes.push_back(note);
  return unlessGeneratedCodeFailed(
      {false, failedAt, message, std::move(notes), idaDetail(flag, messages_)}, failedAt);
}

/// The unknown whose column of dF/dy + cj dF/dy' had no pivot in the last
/// factorization (KLU's singular_col), for the message of a singular
/// Jacobian: the first column, in KLU's order, that depends on the ones
/// before it. Empty if KLU did not say or the unknown has no name.
std::string DaeIntegrator::singularColumnNote() const {
  long column = linearSolver_ ? linearSolverSingularColumn(linearSolver_.get()) : -1;
  if (column < 0 || column >= n_)
    return "";
  auto named = [&](int32_t slot) -> const std::string * {
    for (const OutputVariable &output : model_.outputs)
      if (output.slot == slot && !output.parameter)
        return &output.name;
    return nullptr;
  };
  const std::string *name = named(model_.ySlot[column]);
  if (!name)
    return "";
  bool differential = column < static_cast<long>(model_.ypSlot.size()) && model_.ypSlot[column] >= 0;
  return "note: the Jacobian has no pivot in the column of `" + *name + "`" +
         (differential ? " (and its derivative)" : "") +
         ": it depends on the columns factored before it (the equations do not determine "
         "this unknown, or one of those, here)";
}

/// IDA brackets a root to within its tolerance and returns the end of the
/// bracket, where each function that crossed has its new sign, or a point
/// where one is exactly zero. A relation there (x < 0 at x = 0) would still
/// have its old value, and after the restart IDA would not report the
/// crossing again: such a point moves on, by 4 units in the last place and
/// doubling, until every function that crossed is nonzero (with its new
/// sign). The values in v are then those at `reached`.
RunStatus DaeIntegrator::locateRoot(double root, double stopTime, double &reached) {
  IDAGetRootInfo(ida_.get(), rootDirections_.data());
  double shift = 4 * DBL_EPSILON * std::max(std::abs(root), DBL_MIN);
  reached = root;
  for (int attempt = 0;; ++attempt) {
    if (RunStatus status = interpolate(reached); !status.ok)
      return status;
    crossings_.g(reached, v_.data(), g_.data());
    bool exactZero = false;
    for (int32_t k = 0; k < crossings_.count; ++k)
      exactZero = exactZero || (rootDirections_[k] != 0 && g_[k] == 0.0);
    if (!exactZero || attempt == maxRootShifts || reached >= stopTime)
      break;
    reached = std::min(root + shift, stopTime);
    shift *= 2;
  }
  return unlessGeneratedCodeFailed({}, reached);
}

RunStatus DaeIntegrator::interpolate(double t) {
  if (!yInterpolated_) {
    yInterpolated_ = makeVector(size_, context_.get());
    ypInterpolated_ = makeVector(size_, context_.get());
    if (!yInterpolated_ || !ypInterpolated_)
      return {false, t, "out of memory"};
  }
  if (IDAGetDky(ida_.get(), t, 0, yInterpolated_.get()) != IDA_SUCCESS ||
      IDAGetDky(ida_.get(), t, 1, ypInterpolated_.get()) != IDA_SUCCESS)
    return {false, t, "cannot interpolate the solution at time " + formatTime(t)};
  projectOrSolve(t, N_VGetArrayPointer(yInterpolated_.get()),
                 N_VGetArrayPointer(ypInterpolated_.get()));
  load(t, N_VGetArrayPointer(yInterpolated_.get()), N_VGetArrayPointer(ypInterpolated_.get()),
       residual_.data());
  return unlessGeneratedCodeFailed({}, t);
}

/// Newton iterations F(t, y + d, y' + cj d) = 0 from an interpolated point,
/// with the matrix of IDA's last setup (dF/dy + cj dF/dy' for its cj): they
/// move the algebraic components onto their equations, the differential
/// ones by about the residual over cj. At most ten (they cost a residual
/// and a solve with the factors at hand; with three, 238 of the 500 rows
/// of the bench's 26-link MultiBody chain fell back to projectOrSolve's
/// fresh Jacobian, 36 with ten: integration 1.04 s against 0.52 s), until
/// the correction is a tenth of the tolerance in IDA's error weights
/// (IDA's own corrector stops at 0.33 sqrt(ns / n): from 0.06 in a
/// MultiBody chain to 0.23 for pendulums); a correction that fails or does
/// not shrink is not applied.
bool DaeIntegrator::project(double t, double *y, double *yp) {
  if (!hasAlgebraic_ || setupCj_ <= 0.0 || !correction_)
    return true;
  if (IDAGetErrWeights(ida_.get(), weights_.get()) != IDA_SUCCESS)
    return false;
  const double *weight = N_VGetArrayPointer(weights_.get());
  double *d = N_VGetArrayPointer(correction_.get());
  double *rhs = N_VGetArrayPointer(rhs_.get());
  double previous = INFINITY;
  for (int iteration = 0; iteration < 10; ++iteration) {
    load(t, y, yp, rhs);
    if (runtimeErrorPending(t) || !allFinite(rhs, n_))
      break;
    for (int64_t i = 0; i < n_; ++i)
      rhs[i] = -rhs[i];
    if (SUNLinSolSolve(linearSolver_.get(), matrix_.get(), correction_.get(), rhs_.get(), 0.0) != 0)
      break;
    double norm = 0.0;
    for (int64_t i = 0; i < n_; ++i)
      norm += (d[i] * weight[i]) * (d[i] * weight[i]);
    norm = std::sqrt(norm / static_cast<double>(n_));
    if (!std::isfinite(norm) || norm >= previous)
      break;
    for (int64_t i = 0; i < n_; ++i) {
      y[i] += d[i];
      yp[i] += setupCj_ * d[i];
    }
    previous = norm;
    if (norm <= 0.1)
      return true;
  }
  return false;
}

/// project(), and where its iterations with the old matrix do not
/// converge (a Jacobian that changed since IDA's last setup: MultiBody's
/// RevoluteConstraint wrote w_a[1] = 2.4e-3 for an exact 0 at t = 5.84,
/// 0.045 at tolerance 1e-7), the algebraic components solved at the
/// interpolated states with a fresh Jacobian (polish()). Without it the
/// row held values the equations do not satisfy, with no word of it.
void DaeIntegrator::projectOrSolve(double t, double *y, double *yp) {
  if (!project(t, y, yp)) {
    ++polishedPoints_;
    polish(t, y, yp);
  }
}

bool DaeIntegrator::polishPoint(double t) {
  if (size_ == 0 || clock_ || !model_.jvp)
    return false;
  std::vector<double> y(static_cast<size_t>(n_)), yp(static_cast<size_t>(n_));
  for (int64_t i = 0; i < n_; ++i) {
    y[i] = v_[model_.ySlot[i]];
    yp[i] = model_.ypSlot[i] >= 0 ? v_[model_.ypSlot[i]] : 0.0;
  }
  if (!polish(t, y.data(), yp.data()))
    return false;
  load(t, y.data(), yp.data(), residual_.data());
  return !runtimeErrorPending(t);
}

/// The algebraic components and the derivatives at the point (t, y, y')
/// solved at its states by Newton's method with a Jacobian of the point
/// (the solver of initialization), to that solver's tolerance; whether it
/// succeeded (else y and y' stay as they are).
bool DaeIntegrator::polish(double t, double *y, double *yp) {
  load(t, y, yp, residual_.data());
  if (runtimeErrorPending(t) || !allFinite(residual_.data(), n_)) {
    (void)takeRuntimeFailure(t);
    return false;
  }
  std::vector<double> saved = v_;
  SolverStatistics stats;
  bool solved = solveImplicitSystem(fixedStateSystem(), t, v_, stats).ok && !runtimeErrorPending(t);
  (void)takeRuntimeFailure(t);
  residualCalls_ += stats.residualEvaluations;
  jacobianCalls_ += stats.jacobianEvaluations;
  if (!solved) {
    v_ = std::move(saved);
    return false;
  }
  for (int64_t i = 0; i < n_; ++i) {
    if (model_.ypSlot[i] >= 0)
      yp[i] = v_[model_.ypSlot[i]];
    else
      y[i] = v_[model_.ySlot[i]];
  }
  return true;
}

bool DaeIntegrator::residualSmall(double t) {
  if (size_ == 0 || clock_) {
    evaluate(t);
    return true;
  }
  copyFromSlots();
  return scaledResidual(t) <= tolerance_;
}

void DaeIntegrator::evaluate(double t) {
  if (model_.residual)
    model_.residual(t, v_.data(), residual_.data());
}

/// Puts y and y' into their slots and evaluates the residual kernel, which
/// assigns every other slot.
void DaeIntegrator::load(double t, const double *y, const double *yp, double *residual) {
  for (int64_t i = 0; i < n_; ++i) {
    v_[model_.ySlot[i]] = y[i];
    if (model_.ypSlot[i] >= 0)
      v_[model_.ypSlot[i]] = yp[i];
  }
  if (model_.residual)
    model_.residual(t, v_.data(), residual);
  if (clock_)
    residual[0] = yp[0];
}

int DaeIntegrator::residualFn(double t, N_Vector y, N_Vector yp, N_Vector r, void *self) {
  auto *integrator = static_cast<DaeIntegrator *>(self);
  if (stopRequest())
    return -1; // a signal asked the run to stop (Signals.h): IDA stops too
  double *residual = N_VGetArrayPointer(r);
  integrator->load(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), residual);
  ++integrator->residualCalls_;
  // A failed assert (in a function the residual calls) at a point IDA's
  // corrector tries need not hold where it converges: recoverable, as a
  // value that is not finite is, and IDA retries with a smaller step. The
  // failure is kept; if IDA gives up, it is the reason reported.
  if (auto failure = takeRuntimeFailure(t)) {
    integrator->rejected_ = std::move(failure);
    return 1;
  }
  integrator->lastEvaluationFinite_ = allFinite(residual, integrator->size_);
  if (integrator->lastEvaluationFinite_)
    return 0;
  integrator->keepNonFinite(t, residual);
  return 1;
}

void DaeIntegrator::keepNonFinite(double t, const double *residual) {
  if (!nonFinite_)
    nonFinite_.emplace(NonFiniteEvaluation{t, {}, {}});
  nonFinite_->t = t;
  nonFinite_->v = v_;
  nonFinite_->residual.assign(residual, residual + size_);
}

/// "simulation failed at time t = ...: `z` is NaN: ..." for the values at t.
RunStatus DaeIntegrator::nonFiniteFailure(double t, const double *v, const double *residual) const {
  return {false, t,
          "simulation failed at time t = " + formatTime(t) + ": " +
              describeNonFinite(model_, t, v, residual, clock_ ? 0 : n_, 0)};
}

int DaeIntegrator::jacobianFn(double t, double cj, N_Vector y, N_Vector yp, N_Vector,
                              SUNMatrix jacobian, void *self, N_Vector, N_Vector, N_Vector) {
  auto *integrator = static_cast<DaeIntegrator *>(self);
  ++integrator->jacobianCalls_;
  integrator->setupCj_ = cj;
  if (integrator->clock_) { // d(y')/dy + cj d(y')/dy' = cj
    SM_INDEXPTRS_S(jacobian)[0] = 0;
    SM_INDEXPTRS_S(jacobian)[1] = 1;
    SM_INDEXVALS_S(jacobian)[0] = 0;
    SM_DATA_S(jacobian)[0] = cj;
    return 0;
  }
  // The JVPs need every slot at this point: evaluate the kernel first.
  integrator->load(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), integrator->residual_.data());
  integrator->jacobian_.evaluate(t, integrator->v_.data(), cj, integrator->values_.data());
  integrator->jacobian_.store(integrator->values_.data(), nullptr, jacobian);
  if (runtimeErrorPending(t))
    return -1;
  return allFinite(integrator->values_.data(), integrator->jacobian_.nonzeros()) ? 0 : 1;
}

/// IDA's error weights, 1 / (rtol |y_i| + atol_i), with the states'
/// weights scaled by sqrt(n / ns). IDA's error test with suppressed
/// algebraic components is a weighted RMS norm whose sum runs over the ns
/// states but is divided by all n components (N_VWrmsNormMask), so without
/// the scale the states would be held to a tolerance sqrt(n / ns) times
/// looser than the user's: 1.6 times in PointGravityWithPointMasses2 (24
/// states of 60), 2.6 in RevoluteConstraint (4 of 28). With it, the test
/// is the RMS over the states, as in the ODE form that Dymola and
/// OpenModelica integrate.
int DaeIntegrator::weightFn(N_Vector y, N_Vector ewt, void *self) {
  auto *integrator = static_cast<DaeIntegrator *>(self);
  const double *values = N_VGetArrayPointer(y);
  const double *atol = N_VGetArrayPointer(integrator->absTolerance_.get());
  const double *id = N_VGetArrayPointer(integrator->id_.get());
  double *weights = N_VGetArrayPointer(ewt);
  for (int64_t i = 0; i < integrator->size_; ++i) {
    double denominator = integrator->tolerance_ * std::abs(values[i]) + atol[i];
    if (!(denominator > 0.0))
      return -1;
    weights[i] = (id[i] != 0.0 ? integrator->stateWeightScale_ : 1.0) / denominator;
  }
  return 0;
}

/// The zero-crossing functions at a point of IDA's root finding.
int DaeIntegrator::rootFn(double t, N_Vector y, N_Vector yp, double *g, void *self) {
  auto *integrator = static_cast<DaeIntegrator *>(self);
  // Before its first step after IDAInit or IDAReInit, IDA checks g at t0
  // and near it (IDARcheck1) with phi[1] = h y'(t0) in place of y'(t0), and
  // near t0 at y0 + dt h y'(t0): where g depends on a derivative (through
  // an algebraic equation that holds one) its sign there is wrong, and a
  // function that changes sign just after an event, as it should, was
  // never seen to change (all four diodes of a Graetz bridge stayed on in
  // QuasiStatic's Rectifier, a short circuit until the next output time:
  // IDA's g2 at t0 was -3e-12, the held relation's +1e-10). At t0, g is
  // taken from the values the event iteration (or initialization) ended
  // with, on which the relations were decided, so that IDA starts on the
  // side of each relation's held value; near t0 from those values and
  // their derivatives.
  long steps = 0;
  double t0 = t;
  bool first = IDAGetNumSteps(integrator->ida_.get(), &steps) == IDA_SUCCESS && steps == 0 &&
               !integrator->clock_ && IDAGetCurrentTime(integrator->ida_.get(), &t0) == IDA_SUCCESS;
  if (first && t == t0) {
    // v holds them: nothing to load.
  } else if (first) {
    std::vector<double> &yc = integrator->rootY_, &ypc = integrator->rootYp_;
    const CompiledModel &model = integrator->model_;
    yc.resize(static_cast<size_t>(integrator->n_));
    ypc.resize(static_cast<size_t>(integrator->n_));
    for (int64_t i = 0; i < integrator->n_; ++i) {
      ypc[i] = model.ypSlot[i] >= 0 ? integrator->v_[model.ypSlot[i]] : 0.0;
      yc[i] = integrator->v_[model.ySlot[i]] + (t - t0) * ypc[i];
    }
    if (integrator->hasAlgebraic_)
      integrator->project(t, yc.data(), ypc.data());
    integrator->load(t, yc.data(), ypc.data(), integrator->residual_.data());
  } else if (integrator->hasAlgebraic_) {
    std::vector<double> &yc = integrator->rootY_, &ypc = integrator->rootYp_;
    yc.assign(N_VGetArrayPointer(y), N_VGetArrayPointer(y) + integrator->n_);
    ypc.assign(N_VGetArrayPointer(yp), N_VGetArrayPointer(yp) + integrator->n_);
    integrator->project(t, yc.data(), ypc.data());
    integrator->load(t, yc.data(), ypc.data(), integrator->residual_.data());
  } else {
    integrator->load(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), integrator->residual_.data());
  }
  integrator->crossings_.g(t, integrator->v_.data(), g);
  if (runtimeErrorPending(t))
    return -1;
  // Only a NaN has no sign: an infinite function (a table's next event at
  // DBL_MAX, shifted by its band) still tells which side the relation is on.
  if (std::any_of(g, g + integrator->crossings_.count, [](double x) { return std::isnan(x); })) {
    integrator->lastEvaluationFinite_ = false;
    integrator->keepNonFinite(t, integrator->residual_.data());
    return -1;
  }
  return 0;
}

/// Adds the counters of the current IDA run (since the last (re)start).
void DaeIntegrator::addIdaCounters(SolverStatistics &stats) const {
  if (!ida_)
    return;
  long count = 0;
  IDAGetNumSteps(ida_.get(), &count);
  stats.steps += count;
  IDAGetNumNonlinSolvIters(ida_.get(), &count);
  stats.nonlinearIterations += count;
  IDAGetNumErrTestFails(ida_.get(), &count);
  stats.errorTestFailures += count;
  IDAGetNumNonlinSolvConvFails(ida_.get(), &count);
  stats.convergenceFailures += count;
}

long DaeIntegrator::steps() const {
  long count = 0;
  if (ida_)
    IDAGetNumSteps(ida_.get(), &count);
  return earlierCounters_.steps + count;
}

void DaeIntegrator::addStatistics(SolverStatistics &stats) const {
  if (linearSolver_ && !clock_)
    stats.linearSolver = describeLinearSolver(linearSolverCounts(linearSolver_.get()));
  stats.residualEvaluations += residualCalls_;
  stats.jacobianEvaluations += jacobianCalls_;
  stats.pointsSolvedAgain += polishedPoints_;
  stats.steps += earlierCounters_.steps;
  stats.nonlinearIterations += earlierCounters_.nonlinearIterations;
  stats.errorTestFailures += earlierCounters_.errorTestFailures;
  stats.convergenceFailures += earlierCounters_.convergenceFailures;
  addIdaCounters(stats);
}

} // namespace mocc::rt
