// The integration of a hybrid model from its initialized state to the stop
// time: IDA between events (DaeIntegrator), the output grid, state events
// (zero crossings located by IDA), time events (sample clocks, IDA's stop
// time), the event iteration, assert() and terminate(), chattering, and
// dynamic state selection, whose switches restart IDA as events do.
// Integration.cpp opens with the order of the calls.
#pragma once

#include "runtime/CsvWriter.h"
#include "runtime/Simulator.h"

#include <limits>
#include <optional>
#include <ostream>
#include <vector>

namespace mocc::rt {

/// Writes the selected outputs as result rows and times the writing.
class ResultRows {
public:
  /// `writer` may be null: then nothing is written.
  ResultRows(const CompiledModel &model, const SimulationOptions &options, CsvWriter *writer);

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
  /// Formats the parameters' columns into runs_ (from the first row's
  /// values: initialization has fixed them).
  void formatParameters(const std::vector<double> &v);

  CsvWriter *writer_;
  std::vector<int32_t> slots_; ///< of the columns that vary, after time
  std::vector<double> row_;
  /// The row's layout: the columns that vary and the parameters' text
  /// between them, empty while there are no parameter columns.
  std::vector<CsvWriter::RowRun> runs_;
  std::vector<std::vector<int32_t>> parameterSlots_; ///< after each run's numbers
  bool parametersFormatted_ = false;
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
