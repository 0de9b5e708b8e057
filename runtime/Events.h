// The pieces of event handling that need no solver: when two times count as
// one instant, the schedule of the sample clocks (time events known in
// advance, start + k * interval without accumulated rounding), the pre()
// values of the event iteration, and the detection of chattering (state
// events piling up in a vanishing time: Zeno behaviour, a relay that
// switches at every step). The integration loop (Integration.h) uses them.
#pragma once

#include "runtime/CompiledModel.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mocc::rt {

/// Times closer than this to t count as the same instant: 100 units of
/// roundoff of the larger of |t| and the simulated span, which is more than
/// IDA's own root-finding and stop-time tolerances.
double sameInstantTolerance(double t, double span);

/// The time events of the sample clocks (SampleClock in CompiledModel.h).
class SampleSchedule {
public:
  /// Reads start and interval of every clock from v (after initialization)
  /// and schedules its first instant at or after t0 (within `tolerance`);
  /// a moving clock waits for `reschedule`. Returns what is wrong (an
  /// interval that is not positive), or empty.
  std::string setUp(const std::vector<SampleClock> &clocks, const std::vector<double> &v,
                    double t0, double tolerance);

  /// The earliest pending instant (+infinity if there is none).
  double next() const;

  /// Sets to 1 the flag of every clock whose pending instant is at most
  /// t + tolerance and moves it on to its first instant after that. Returns
  /// whether any clock was due.
  bool raiseDue(double t, double tolerance, std::vector<double> &v);

  /// The time of an event due at t (within `tolerance`): the instant of a
  /// relation's clock if one is due a little after t, else t.
  double eventTime(double t, double tolerance) const;

  /// Sets every flag back to 0.
  void lowerFlags(std::vector<double> &v) const;

  /// After an event iteration at t: every moving clock reads its instant
  /// from v and ticks there if it is later than t + tolerance (an instant
  /// at or before t needs no event: the iteration saw the relation as it
  /// is after t).
  void reschedule(const std::vector<double> &v, double t, double tolerance);

private:
  struct Clock {
    int32_t flagSlot;
    double start;
    double interval;
    int64_t k; ///< index of the pending instant start + k * interval
    int32_t movingSlot = -1; ///< a moving clock's start slot
    bool relation = false;   ///< SampleClock::relation
  };
  static double instant(const Clock &clock) {
    return clock.start + static_cast<double>(clock.k) * clock.interval;
  }

  std::vector<Clock> clocks_;
};

/// The pre() values of the discrete part: pre(v) slots next to their
/// value slots (EventModel::preSlot, valueSlot).
class PreValues {
public:
  explicit PreValues(const EventModel &events) : events_(events) {}

  /// pre := value for every pair.
  void save(std::vector<double> &v) const;
  /// The value slots that differ from their pre (NaN differs from nothing
  /// that is NaN too).
  std::vector<int32_t> changed(const std::vector<double> &v) const;

private:
  const EventModel &events_;
};

/// Detects chattering: `count` state events within `window` model time.
class ChatteringDetector {
public:
  /// Defaults: 500 events within a millionth of the simulated span.
  explicit ChatteringDetector(double span, int count = 500, double fraction = 1e-6);

  /// Records a state event at t; if it makes `count` events within the
  /// window, returns "chattering: N events between t = a and t = b".
  std::optional<std::string> record(double t);

private:
  std::vector<double> times_; ///< ring buffer of the last `count` events
  size_t next_ = 0;
  size_t recorded_ = 0;
  double window_;
};

} // namespace mocc::rt
