// IDA on a compiled model; see DaeIntegrator.h.
//
// Choices:
// - Absolute tolerances are per component, tolerance * yNominal[i].
// - Algebraic components stay in the error test (IDASetSuppressAlg is not
//   used): after index reduction the DAE has index 1, where including them
//   costs little and keeps the algebraic outputs as accurate as the states.
// - IDACalcIC runs only if the initial residual is not small: initialization
//   already solved the same equations, and IDACalcIC would move values the
//   user fixed.
// - IDA_NORMAL to each output time: IDA steps past it and interpolates, so
//   the output grid does not restrict the step size.
#include "runtime/DaeIntegrator.h"

#include "runtime/NumberFormat.h"
#include "runtime/RuntimeErrors.h"

#include <ida/ida.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cmath>

namespace mocc::rt {

namespace {

/// Steps IDA may take between two output times.
constexpr long maxStepsPerOutput = 100000;

/// What a failing IDA flag means, for the message.
std::string describeIdaFlag(int flag) {
  std::string name = takeFlagName(IDAGetReturnFlagName(flag));
  switch (flag) {
  case IDA_TOO_MUCH_WORK:
    return name + ": more than " + std::to_string(maxStepsPerOutput) +
           " steps between two output times";
  case IDA_TOO_MUCH_ACC:
    return name + ": the requested accuracy cannot be reached";
  case IDA_ERR_FAIL:
    return name + ": the error test failed repeatedly (a discontinuity or a singularity?)";
  case IDA_CONV_FAIL:
  case IDA_NLS_FAIL:
    return name + ": the corrector's Newton iteration failed repeatedly";
  case IDA_LSETUP_FAIL:
  case IDA_LSOLVE_FAIL:
    return name + ": the Jacobian is singular";
  case IDA_RES_FAIL:
  case IDA_REP_RES_ERR:
  case IDA_FIRST_RES_FAIL:
    return name + ": the equations give values that are not finite";
  case IDA_NO_RECOVERY:
  case IDA_LINESEARCH_FAIL:
    return name + ": the consistent initial values could not be computed";
  default:
    return name;
  }
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

DaeIntegrator::DaeIntegrator(const CompiledModel &model, std::vector<double> &v)
    : model_(model), v_(v), n_(static_cast<int64_t>(model.ySlot.size())),
      jacobian_(model.jacobian, model.jvp, model.numSlots, model.ySlot, model.ypSlot),
      values_(jacobian_.nonzeros()), residual_(n_) {}

RunStatus DaeIntegrator::start(double t0, double stopTime, double tolerance, double firstOutput) {
  if (n_ == 0) { // nothing to integrate: advanceTo only evaluates the kernel
    if (model_.residual)
      model_.residual(t0, v_.data(), nullptr);
    return unlessGeneratedCodeFailed({}, t0);
  }
  if (std::string problem = createSolver(t0, stopTime, tolerance); !problem.empty())
    return {false, t0, "simulation failed at time t = " + formatTime(t0) + ": " + problem};
  double norm = scaledInitialResidual(t0);
  if (norm <= tolerance)
    return unlessGeneratedCodeFailed({}, t0);
  return unlessGeneratedCodeFailed(makeConsistent(t0, firstOutput, norm), t0);
}

/// Creates the vectors, the matrix, KLU and IDA; returns what failed.
std::string DaeIntegrator::createSolver(double t0, double stopTime, double tolerance) {
  SUNContext context = context_.get();
  y_ = makeVector(n_, context);
  yp_ = makeVector(n_, context);
  id_ = makeVector(n_, context);
  absTolerance_ = makeVector(n_, context);
  if (!context || !y_ || !yp_ || !id_ || !absTolerance_)
    return "out of memory";
  double *y = N_VGetArrayPointer(y_.get());
  double *yp = N_VGetArrayPointer(yp_.get());
  double *id = N_VGetArrayPointer(id_.get());
  double *absTolerance = N_VGetArrayPointer(absTolerance_.get());
  for (int64_t i = 0; i < n_; ++i) {
    bool differential = model_.ypSlot[i] >= 0;
    y[i] = v_[model_.ySlot[i]];
    yp[i] = differential ? v_[model_.ypSlot[i]] : 0.0;
    id[i] = differential ? 1.0 : 0.0;
    double nominal = i < static_cast<int64_t>(model_.yNominal.size()) ? model_.yNominal[i] : 1.0;
    bool usable = std::isfinite(nominal) && nominal != 0.0;
    absTolerance[i] = tolerance * (usable ? std::abs(nominal) : 1.0);
  }
  matrix_.reset(SUNSparseMatrix(n_, n_, jacobian_.matrixNonzeros(), CSC_MAT, context));
  if (matrix_)
    linearSolver_.reset(SUNLinSol_KLU(y_.get(), matrix_.get(), context));
  ida_.reset(IDACreate(context));
  if (!matrix_ || !linearSolver_ || !ida_)
    return "cannot create the IDA solver";
  void *ida = ida_.get();
  bool ok = IDASetErrHandlerFn(ida, SolverMessages::handle, &messages_) == IDA_SUCCESS &&
            IDAInit(ida, residualFn, t0, y_.get(), yp_.get()) == IDA_SUCCESS &&
            IDASVtolerances(ida, tolerance, absTolerance_.get()) == IDA_SUCCESS &&
            IDASetUserData(ida, this) == IDA_SUCCESS && IDASetId(ida, id_.get()) == IDA_SUCCESS &&
            IDASetMaxNumSteps(ida, maxStepsPerOutput) == IDA_SUCCESS &&
            IDASetStopTime(ida, stopTime) == IDA_SUCCESS &&
            IDASetLinearSolver(ida, linearSolver_.get(), matrix_.get()) == IDA_SUCCESS &&
            IDASetJacFn(ida, jacobianFn) == IDA_SUCCESS;
  return ok ? std::string() : "cannot set up IDA: " + messages_.last();
}

/// max_i |F_i| / rowScale_i at t0, where rowScale_i is the largest entry of
/// row i of dF/dy + dF/dy' times the nominal value of its column.
double DaeIntegrator::scaledInitialResidual(double t0) {
  load(t0, N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(yp_.get()), residual_.data());
  if (!allFinite(residual_.data(), n_))
    return INFINITY;
  jacobian_.evaluate(t0, v_.data(), 1.0, values_.data());
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

/// The fallback: IDACalcIC computes the algebraic components and the
/// derivatives of the differential ones from the differential ones.
RunStatus DaeIntegrator::makeConsistent(double t0, double firstOutput, double residualNorm) {
  int flag = IDACalcIC(ida_.get(), IDA_YA_YDP_INIT, firstOutput);
  if (flag < 0)
    return {false, t0,
            "initialization failed at time " + formatTime(t0) +
                ": the initial values do not satisfy the equations (scaled residual " +
                formatNumber(residualNorm) + ") and IDACalcIC could not correct them: " +
                describeIdaFlag(flag) + " [" + messages_.last() + "]"};
  IDAGetConsistentIC(ida_.get(), y_.get(), yp_.get());
  load(t0, N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(yp_.get()), residual_.data());
  correctedInitialValues_ = true;
  return {};
}

RunStatus DaeIntegrator::advanceTo(double tout) {
  if (n_ == 0) {
    if (model_.residual)
      model_.residual(tout, v_.data(), nullptr);
    return unlessGeneratedCodeFailed({}, tout);
  }
  double reached = tout;
  int flag = IDASolve(ida_.get(), tout, &reached, y_.get(), yp_.get(), IDA_NORMAL);
  if (flag < 0) {
    double failedAt = tout;
    IDAGetCurrentTime(ida_.get(), &failedAt);
    std::string message =
        "simulation failed at time t = " + formatTime(failedAt) + ": " + describeIdaFlag(flag);
    if (!messages_.last().empty())
      message += " [" + messages_.last() + "]";
    return unlessGeneratedCodeFailed({false, failedAt, message}, failedAt);
  }
  load(reached, N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(yp_.get()), residual_.data());
  return unlessGeneratedCodeFailed({}, reached);
}

RunStatus DaeIntegrator::step(double &reached) {
  if (n_ == 0)
    return {false, reached, "nothing to integrate"};
  // tout only gives the direction in one-step mode; the stop time bounds it.
  double current = reached;
  IDAGetCurrentTime(ida_.get(), &current);
  int flag = IDASolve(ida_.get(), current + 1.0, &reached, y_.get(), yp_.get(), IDA_ONE_STEP);
  if (flag < 0) {
    IDAGetCurrentTime(ida_.get(), &reached);
    std::string message =
        "simulation failed at time t = " + formatTime(reached) + ": " + describeIdaFlag(flag);
    if (!messages_.last().empty())
      message += " [" + messages_.last() + "]";
    return {false, reached, message};
  }
  load(reached, N_VGetArrayPointer(y_.get()), N_VGetArrayPointer(yp_.get()), residual_.data());
  return {};
}

RunStatus DaeIntegrator::interpolate(double t) {
  if (!yInterpolated_) {
    yInterpolated_ = makeVector(n_, context_.get());
    ypInterpolated_ = makeVector(n_, context_.get());
    if (!yInterpolated_ || !ypInterpolated_)
      return {false, t, "out of memory"};
  }
  if (IDAGetDky(ida_.get(), t, 0, yInterpolated_.get()) != IDA_SUCCESS ||
      IDAGetDky(ida_.get(), t, 1, ypInterpolated_.get()) != IDA_SUCCESS)
    return {false, t, "cannot interpolate the solution at time " + formatTime(t)};
  load(t, N_VGetArrayPointer(yInterpolated_.get()), N_VGetArrayPointer(ypInterpolated_.get()),
       residual_.data());
  return {};
}

/// Puts y and y' into their slots and evaluates the residual kernel, which
/// assigns every other slot.
void DaeIntegrator::load(double t, const double *y, const double *yp, double *residual) {
  for (int64_t i = 0; i < n_; ++i) {
    v_[model_.ySlot[i]] = y[i];
    if (model_.ypSlot[i] >= 0)
      v_[model_.ypSlot[i]] = yp[i];
  }
  model_.residual(t, v_.data(), residual);
}

int DaeIntegrator::residualFn(double t, N_Vector y, N_Vector yp, N_Vector r, void *self) {
  auto *integrator = static_cast<DaeIntegrator *>(self);
  double *residual = N_VGetArrayPointer(r);
  integrator->load(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), residual);
  ++integrator->residualCalls_;
  if (runtimeErrorPending(t))
    return -1; // a failed assert: IDA stops
  // Not finite: recoverable, IDA retries with a smaller step.
  return allFinite(residual, integrator->n_) ? 0 : 1;
}

int DaeIntegrator::jacobianFn(double t, double cj, N_Vector y, N_Vector yp, N_Vector,
                              SUNMatrix jacobian, void *self, N_Vector, N_Vector, N_Vector) {
  auto *integrator = static_cast<DaeIntegrator *>(self);
  // The JVPs need every slot at this point: evaluate the kernel first.
  integrator->load(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), integrator->residual_.data());
  integrator->jacobian_.evaluate(t, integrator->v_.data(), cj, integrator->values_.data());
  integrator->jacobian_.store(integrator->values_.data(), nullptr, jacobian);
  ++integrator->jacobianCalls_;
  if (runtimeErrorPending(t))
    return -1;
  return allFinite(integrator->values_.data(), integrator->jacobian_.nonzeros()) ? 0 : 1;
}

void DaeIntegrator::addStatistics(SolverStatistics &stats) const {
  stats.residualEvaluations += residualCalls_;
  stats.jacobianEvaluations += jacobianCalls_;
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

} // namespace mocc::rt
