// Integrates a compiled model's DAE F(t, y, y') = 0 with SUNDIALS IDA (BDF,
// variable order and step) and the sparse KLU solver, whose Jacobian
// dF/dy + cj dF/dy' is assembled from the model's colored Jacobian-vector
// products. The integrator starts from the consistent values initialization
// left in the slot vector and, at each requested time, leaves the solution
// there with every slot the residual kernel assigns evaluated.
#pragma once

#include "runtime/ColoredJacobian.h"
#include "runtime/Simulator.h"
#include "runtime/SundialsSupport.h"

#include <memory>
#include <string>
#include <vector>

namespace mocc::rt {

/// IDA on one compiled model; the slot vector is shared with the caller.
class DaeIntegrator {
public:
  /// The model must be valid (slots in range, a checked pattern).
  DaeIntegrator(const CompiledModel &model, std::vector<double> &v);

  /// Sets IDA up at t0 from the values in v (consistent after initialization)
  /// to integrate up to stopTime with relative tolerance `tolerance`. If the
  /// residual at t0 is not small, IDACalcIC corrects y and y', aiming at
  /// firstOutput.
  RunStatus start(double t0, double stopTime, double tolerance, double firstOutput);

  /// Integrates to tout (at most stopTime); v then holds y(tout), y'(tout) and
  /// every slot the residual kernel assigns.
  RunStatus advanceTo(double tout);

  /// Takes one internal step of IDA (never past the stop time given to
  /// start()); `reached` is the time of the step. v holds the solution there.
  RunStatus step(double &reached);

  /// Evaluates the solution at t (between the last two steps) by IDA's
  /// interpolation into v, with every slot the residual kernel assigns.
  RunStatus interpolate(double t);

  /// Whether start() had to call IDACalcIC.
  bool correctedInitialValues() const { return correctedInitialValues_; }

  void addStatistics(SolverStatistics &stats) const;

private:
  struct IdaDeleter {
    void operator()(void *memory) const;
  };

  static int residualFn(double t, N_Vector y, N_Vector yp, N_Vector r, void *self);
  static int jacobianFn(double t, double cj, N_Vector y, N_Vector yp, N_Vector r,
                        SUNMatrix jacobian, void *self, N_Vector, N_Vector, N_Vector);
  void load(double t, const double *y, const double *yp, double *residual);
  std::string createSolver(double t0, double stopTime, double tolerance);
  double scaledInitialResidual(double t0);
  RunStatus makeConsistent(double t0, double firstOutput, double residualNorm);

  const CompiledModel &model_;
  std::vector<double> &v_;
  int64_t n_;
  ColoredJacobian jacobian_;
  std::vector<double> values_;   // the Jacobian's nonzeros
  std::vector<double> residual_; // scratch
  long residualCalls_ = 0;
  long jacobianCalls_ = 0;
  bool correctedInitialValues_ = false;
  SolverMessages messages_;
  SunContext context_;
  NVectorPtr y_, yp_, id_, absTolerance_;
  NVectorPtr yInterpolated_, ypInterpolated_;
  SunMatrixPtr matrix_;
  SunLinearSolverPtr linearSolver_;
  std::unique_ptr<void, IdaDeleter> ida_;
};

} // namespace mocc::rt
