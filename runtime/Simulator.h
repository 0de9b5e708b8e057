// The runtime's entry points: consistent initialization of a compiled model
// (KINSOL on each implicit step), integration with SUNDIALS IDA and the KLU
// sparse solver using the model's own Jacobian, and the result file.
#pragma once

#include "runtime/CompiledModel.h"
#include "runtime/LinearSolver.h"
#include "runtime/Progress.h"
#include "runtime/ResultWriter.h"

#include <ostream>
#include <string>
#include <vector>

namespace mocc::rt {

/// Options of one simulation run; the driver fills them from the command
/// line and the experiment annotation.
struct SimulationOptions {
  double startTime = 0.0;
  double stopTime = 1.0;
  double interval = 0.002; ///< output grid step (> 0)
  double tolerance = 1e-6; ///< relative tolerance of IDA
  std::string outputPath;  ///< the result file (empty: none; `-`: standard output)
  ResultFormat format = ResultFormat::Csv; ///< of the result file
  /// Indices into CompiledModel::outputs of the columns to write, in order.
  std::vector<int32_t> columns;
  bool verbose = false; ///< print solver statistics to the log
  /// The integrator's linear solver (LinearSolver.h).
  LinearSolverKind linearSolver = LinearSolverKind::Automatic;
  ProgressOptions progress = {}; ///< the progress report on stderr (Progress.h)
};

/// Counters reported with -v.
struct SolverStatistics {
  long steps = 0;
  long residualEvaluations = 0;
  long jacobianEvaluations = 0;
  long nonlinearIterations = 0;
  long errorTestFailures = 0;
  long convergenceFailures = 0;
  long stateSetSwitches = 0; ///< dynamic state selection: changes of states
  long stateEvents = 0;      ///< events at roots of zero-crossing functions
  long timeEvents = 0;       ///< events at sample instants (the start time included)
  long eventIterations = 0;  ///< calls of the event iteration's `update`
  /// Interpolated points whose algebraic components were solved again
  /// (DaeIntegrator::projectOrSolve).
  long pointsSolvedAgain = 0;
  double initSeconds = 0;
  double integrationSeconds = 0;
  double outputSeconds = 0;
  std::string linearSolver = {}; ///< what the integrator's linear solver did (-v)
};

/// The outcome of initialization or simulation.
struct RunStatus {
  bool ok = true;
  double time = 0; ///< model time of the failure
  std::string message; ///< one line, in the words of a model's user
  /// Lines that explain the failure (the equations of a system that did
  /// not converge), each printed after the message as it is
  /// ("file:line: note: ..." or "note: ...").
  std::vector<std::string> notes = {};
  /// What the solver itself said ("IDA_CONV_FAIL: At t = ..."), for -v.
  std::string solverDetail = {};
};

/// Computes consistent initial values of every slot at time t0 into v. The
/// slot of initial() is 1 throughout (and stays 1: the initial event
/// iteration, which integration starts with, sets it to 0).
/// Calls the destructor of every external object in v once (see
/// CompiledModel::externalObjects).
void destroyExternalObjects(const CompiledModel &model, const std::vector<double> &v);

RunStatus initialize(const CompiledModel &model, double t0, std::vector<double> &v,
                     SolverStatistics &stats);

/// Initializes, integrates and writes the result file (CSV or MAT:
/// ResultWriter.h). The file is written to
/// a temporary file next to outputPath and renamed only on success, so a
/// failed run leaves no file under the requested name. A run that ends with
/// terminate() succeeds; its file ends at the time of the terminate().
/// Events (see Integration.cpp for the order of the calls) give two rows at
/// their time, before and after; an output time at the time of an event
/// gives no third one. A stop request (Signals.h) ends the run at the next
/// step with the status "interrupted at model time t = ...; no result
/// written": no file is written, external objects are destructed.
RunStatus simulate(const CompiledModel &model, const SimulationOptions &options,
                   SolverStatistics &stats, std::ostream &log);

} // namespace mocc::rt
