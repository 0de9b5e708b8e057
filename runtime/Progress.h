// The progress of a run on stderr: model time reached, percent of the stop
// time, wall time and steps, for a run long enough to wonder whether it is
// still alive. On a terminal the line is overwritten in place (`\r`) and
// cleared at the end; elsewhere (a forced report into a log file) each
// report is a line of its own.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace mocc::rt {

/// How a run reports its progress.
struct ProgressOptions {
  bool enabled = false;
  /// A terminal: one line overwritten in place and cleared at the end; else
  /// a line per report.
  bool inPlace = true;
  /// Wall-clock seconds of the run before the first report (a short run
  /// shows nothing).
  double delay = 1.0;
  /// Wall-clock seconds between reports.
  double period = 0.25;
};

/// Reports the progress of one run. update() is called after every call of
/// the integrator; it reads the clock only every `clockEvery` calls, so
/// it costs a counter per step.
class Progress {
public:
  Progress(const ProgressOptions &options, double startTime, double stopTime, FILE *out = stderr);
  ~Progress() { finish(); }
  Progress(const Progress &) = delete;
  Progress &operator=(const Progress &) = delete;

  /// The run reached model time t after `steps` steps of the integrator
  /// (a function, so that it is asked for only when a report is due).
  template <class StepCount>
  void update(double t, StepCount steps) {
    if (!options_.enabled || (++calls_ & (clockEvery - 1)) != 0)
      return;
    auto now = Clock::now();
    if (now < next_)
      return;
    report(t, static_cast<long>(steps()), now);
  }

  /// Clears the line (on a terminal) once the run has ended; idempotent.
  void finish();

  /// Calls of update() per look at the clock (a power of two).
  static constexpr uint32_t clockEvery = 4;

  /// The text of one report, for tests.
  static std::string format(double t, double startTime, double stopTime, double seconds,
                            long steps);

private:
  using Clock = std::chrono::steady_clock;
  void report(double t, long steps, Clock::time_point now);

  ProgressOptions options_;
  double startTime_, stopTime_;
  FILE *out_;
  Clock::time_point start_;
  Clock::time_point next_;
  uint32_t calls_ = 0;
  size_t shown_ = 0; ///< characters of the line on the terminal (0: none)
};

} // namespace mocc::rt
