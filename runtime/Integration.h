// The integration of a hybrid model from its initialized state to the stop
// time: IDA between events (DaeIntegrator), the output grid, state events
// (zero crossings located by IDA), time events (sample clocks, IDA's stop
// time), the event iteration, assert() and terminate(), chattering, and
// dynamic state selection, whose switches restart IDA as events do.
// Integration.cpp opens with the order of the calls.
#pragma once

#include "runtime/ResultWriter.h"
#include "runtime/Simulator.h"

#include <limits>
#include <optional>
#include <ostream>
#include <vector>

namespace mocc::rt {

/// Hands the result rows to the result file's writer and times the writing.
class ResultRows {
public:
  /// `writer` (opened) may be null: then nothing is written.
  ResultRows(const CompiledModel &model, ResultWriter *writer);

  void write(double t, const std::vector<double> &v);
  /// Whether the rows hold a slot of the model's `aliases` kernel.
  bool needsAliases() const { return needsAliases_; }

  /// Rows written so far.
  long count() const { return count_; }
  /// The time of the last row (NaN before the first).
  double lastTime() const { return lastTime_; }
  /// Time spent writing.
  double seconds() const { return seconds_; }

private:
  ResultWriter *writer_;
  bool needsAliases_ = false;
  long count_ = 0;
  double lastTime_ = std::numeric_limits<double>::quiet_NaN();
  double seconds_ = 0.0;
};

/// The failure that generated code reported (see RuntimeErrors.h) as a run
/// status, with t as its time unless an earlier one was noted; nothing if
/// there is none.
std::optional<RunStatus> generatedCodeFailure(double t);

/// Integrates a model that initialize() left in v (initial() still 1) over
/// the output grid, writing the rows; `log` gets the message of terminate()
/// and, with options.verbose, the switches of state sets.
RunStatus integrate(const CompiledModel &model, const SimulationOptions &options,
                    std::vector<double> &v, ResultRows &rows, SolverStatistics &stats,
                    std::ostream &log);

} // namespace mocc::rt
