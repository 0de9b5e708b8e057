// Integrates a compiled model's DAE F(t, y, y') = 0 with SUNDIALS IDA (BDF,
// variable order and step) and the sparse KLU solver, whose Jacobian
// dF/dy + cj dF/dy' is assembled from the model's colored Jacobian-vector
// products, while IDA watches the model's zero-crossing functions for sign
// changes. The integrator starts from the consistent values initialization
// left in the slot vector, restarts from the values an event left there, and
// at each time it returns leaves the solution there with every slot the
// residual kernel assigns evaluated.
#pragma once

#include "runtime/ColoredJacobian.h"
#include "runtime/LinearSolver.h"
#include "runtime/RuntimeErrors.h"
#include "runtime/Simulator.h"
#include "runtime/SundialsSupport.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mocc::rt {

/// The zero-crossing functions IDA watches: `g` writes `count` values at a
/// point where the residual kernel was just evaluated.
struct ZeroCrossings {
  KernelFn g = nullptr;
  int32_t count = 0;
};

/// Why DaeIntegrator::advance returned.
enum class StopKind {
  Target, ///< the target time was reached
  Root,   ///< a zero-crossing function changed sign (see rootDirections())
  Step,   ///< one-step mode: an internal step ended before the target
};

/// IDA on one compiled model; the slot vector is shared with the caller.
///
/// A model without unknowns is not integrated (every slot is a function of
/// time, evaluated by the residual kernel at each requested time), unless it
/// has zero crossings: IDA then integrates one internal component with
/// y' = 0, so that its root finding locates their sign changes in time.
class DaeIntegrator {
public:
  /// The model must be valid (slots in range, a checked pattern).
  DaeIntegrator(const CompiledModel &model, std::vector<double> &v,
                ZeroCrossings crossings = {},
                LinearSolverKind linearSolver = LinearSolverKind::Automatic);

  /// Sets IDA up at t0 from the values in v (consistent after
  /// initialization) with relative tolerance `tolerance`. If the residual at
  /// t0 is not small, IDACalcIC corrects the algebraic components and y',
  /// aiming at nextTime (> t0).
  RunStatus start(double t0, double tolerance, double nextTime);

  /// Restarts IDA at t from the values in v, which an event may have changed
  /// (states by reinit(), the equations through discrete variables):
  /// IDAReInit, then IDACalcIC as in start() if the residual is not small.
  /// The zero crossings that are zero at t are not reported as roots there.
  /// With `force`, IDACalcIC runs even when the residual is small.
  RunStatus restart(double t, double nextTime, bool force = false);

  /// Integrates towards `target`, never past `stopTime` (target <= stopTime;
  /// both beyond the current time). In one-step mode it returns after each
  /// internal step (StopKind::Step, at the step); once a step has passed the
  /// target, the next call interpolates it. At a root it returns the earliest
  /// point where every function that crossed zero has its new sign (IDA may
  /// locate a root exactly at a zero; the point then moves on by a few units
  /// in the last place). `reached` is the time of the values in v.
  RunStatus advance(double target, double stopTime, bool oneStep, double &reached,
                    StopKind &kind);

  /// Evaluates the solution at t (within the last step) by IDA's
  /// interpolation into v, with every slot the residual kernel assigns.
  RunStatus interpolate(double t);

  /// The values in v at t (a point of the solution, often interpolated)
  /// with the algebraic components and the derivatives solved at their
  /// states to the tolerance of the solver of initialization, with a
  /// Jacobian of the point: the steps and the interpolation satisfy the
  /// algebraic equations to about the integration tolerance only. Whether
  /// it succeeded (else v stays as it was).
  bool polishPoint(double t);

  /// Whether the last failure was IDA's corrector or error test giving up
  /// (IDA_CONV_FAIL, IDA_ERR_FAIL), not generated code or a setup error.
  bool stepFailed() const { return stepFailed_; }

  /// Evaluates the residual kernel at t on the values in v as they are.
  void evaluate(double t);

  /// Evaluates the residual kernel at t on the values in v and tells
  /// whether the equations hold there to the tolerance (as at a restart,
  /// which then leaves the values alone).
  bool residualSmall(double t);

  /// After a root: per zero-crossing function, +1 if it crossed zero
  /// upwards, -1 if downwards, 0 if it did not.
  const std::vector<int> &rootDirections() const { return rootDirections_; }

  void addStatistics(SolverStatistics &stats) const;

  /// IDA's steps so far (also before restarts), for the progress report.
  long steps() const;

private:
  struct IdaDeleter {
    void operator()(void *memory) const;
  };

  static int residualFn(double t, N_Vector y, N_Vector yp, N_Vector r, void *self);
  static int jacobianFn(double t, double cj, N_Vector y, N_Vector yp, N_Vector r,
                        SUNMatrix jacobian, void *self, N_Vector, N_Vector, N_Vector);
  static int rootFn(double t, N_Vector y, N_Vector yp, double *g, void *self);
  static int weightFn(N_Vector y, N_Vector ewt, void *self);
  void load(double t, const double *y, const double *yp, double *residual);
  /// Whether the correction converged (true also when there is nothing to
  /// correct); a correction that fails or does not shrink is not applied.
  bool project(double t, double *y, double *yp);
  void projectOrSolve(double t, double *y, double *yp);
  void copyFromSlots();
  std::string createSolver(double t0);
  double scaledResidual(double t);
  RunStatus makeConsistent(double t, double nextTime, bool afterEvent, bool force = false);
  rt::ImplicitSystem fixedStateSystem() const;
  bool polish(double t, double *y, double *yp);
  bool solveAtFixedStates(double t, const std::vector<double> &y0, const std::vector<double> &yp0);
  RunStatus locateRoot(double root, double stopTime, double &reached);
  RunStatus solverFailure(int flag);
  bool stepFailed_ = false;
  /// The last failed assert in a residual evaluation IDA rejected.
  std::optional<RuntimeFailure> rejected_;
  /// A residual or zero-crossing evaluation gave values that are not
  /// finite: the slots and residuals then (a copy, made only then), so that
  /// if IDA gives up the message can say which equation made them. No
  /// default member initializer: clang (libstdc++'s optional::emplace) does
  /// not see a nested class with one as default-constructible.
  struct NonFiniteEvaluation {
    double t;
    std::vector<double> v, residual;
  };
  void keepNonFinite(double t, const double *residual);
  RunStatus nonFiniteFailure(double t, const double *v, const double *residual) const;
  std::string singularColumnNote() const;
  std::optional<NonFiniteEvaluation> nonFinite_;
  bool lastEvaluationFinite_ = true;
  void addIdaCounters(SolverStatistics &stats) const;

  const CompiledModel &model_;
  std::vector<double> &v_;
  int64_t n_;              // the model's unknowns
  ZeroCrossings crossings_;
  LinearSolverKind linearSolverKind_;
  bool clock_;             // no unknowns but zero crossings: one internal y' = 0
  int64_t size_;           // IDA's unknowns: n_, or 1 for the clock
  ColoredJacobian jacobian_;
  double tolerance_ = 1e-6;
  double stateWeightScale_ = 1.0; ///< sqrt(n / states): see weightFn
  std::vector<double> values_;   // the Jacobian's nonzeros
  std::vector<double> residual_; // scratch
  std::vector<double> g_;        // zero-crossing values, scratch
  std::vector<int> rootDirections_;
  long residualCalls_ = 0;
  long jacobianCalls_ = 0;
  long polishedPoints_ = 0; // see projectOrSolve
  SolverStatistics earlierCounters_; // IDA's counters before the last restart
  SolverMessages messages_;
  SunContext context_;
  NVectorPtr y_, yp_, id_, absTolerance_;
  NVectorPtr yInterpolated_, ypInterpolated_;
  // project(): IDA's error weights, the Newton correction and its right-hand
  // side; whether IDA has algebraic components; the cj of the last setup
  // (the factored matrix is dF/dy + cj dF/dy'); copies for the root function.
  NVectorPtr weights_, correction_, rhs_;
  bool hasAlgebraic_ = false;
  double setupCj_ = 0.0;
  std::vector<double> rootY_, rootYp_;
  SunMatrixPtr matrix_;
  SunLinearSolverPtr linearSolver_;
  std::unique_ptr<void, IdaDeleter> ida_;
};

} // namespace mocc::rt
