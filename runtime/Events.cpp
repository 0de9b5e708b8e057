// Sample schedules, pre() values and chattering detection; see Events.h.
#include "runtime/Events.h"

#include "runtime/NumberFormat.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>

namespace mocc::rt {

double sameInstantTolerance(double t, double span) {
  return 100 * DBL_EPSILON * std::max(std::abs(t), std::abs(span));
}

std::string SampleSchedule::setUp(const std::vector<SampleClock> &clocks,
                                  const std::vector<double> &v, double t0, double tolerance) {
  clocks_.clear();
  for (const SampleClock &clock : clocks) {
    if (clock.moving) {
      clocks_.push_back({clock.flagSlot, std::numeric_limits<double>::infinity(), 1.0, 0,
                         clock.startSlot, true});
      continue;
    }
    Clock c{clock.flagSlot, v[clock.startSlot], v[clock.intervalSlot], 0, -1, clock.relation};
    if (!(c.interval > 0.0) || !std::isfinite(c.interval) || !std::isfinite(c.start))
      return "sample(" + formatNumber(c.start) + ", " + formatNumber(c.interval) +
             ") needs a finite start and a positive interval";
    // The first instant at or after t0: k = ceil((t0 - start) / interval),
    // corrected for the rounding of the quotient.
    double first = std::ceil((t0 - c.start) / c.interval);
    c.k = first > 0 ? static_cast<int64_t>(first) : 0;
    while (c.k > 0 && c.start + static_cast<double>(c.k - 1) * c.interval >= t0 - tolerance)
      --c.k;
    while (instant(c) < t0 - tolerance)
      ++c.k;
    clocks_.push_back(c);
  }
  return {};
}

double SampleSchedule::next() const {
  double next = std::numeric_limits<double>::infinity();
  for (const Clock &clock : clocks_)
    next = std::min(next, instant(clock));
  return next;
}

double SampleSchedule::eventTime(double t, double tolerance) const {
  double at = t;
  for (const Clock &clock : clocks_)
    if (clock.relation && instant(clock) <= t + tolerance)
      at = std::max(at, instant(clock));
  return at;
}

bool SampleSchedule::raiseDue(double t, double tolerance, std::vector<double> &v) {
  bool any = false;
  for (Clock &clock : clocks_) {
    if (instant(clock) > t + tolerance)
      continue;
    any = true;
    v[clock.flagSlot] = 1.0;
    if (clock.movingSlot >= 0) { // once, until rescheduled
      clock.start = std::numeric_limits<double>::infinity();
      continue;
    }
    while (instant(clock) <= t + tolerance)
      ++clock.k;
  }
  return any;
}

void SampleSchedule::lowerFlags(std::vector<double> &v) const {
  for (const Clock &clock : clocks_)
    v[clock.flagSlot] = 0.0;
}

void SampleSchedule::reschedule(const std::vector<double> &v, double t, double tolerance) {
  for (Clock &clock : clocks_) {
    if (clock.movingSlot < 0)
      continue;
    double at = v[clock.movingSlot]; // NaN or +inf (no next event): never
    clock.start = at > t + tolerance && at < std::numeric_limits<double>::infinity()
                      ? at
                      : std::numeric_limits<double>::infinity();
    clock.k = 0;
  }
}

void PreValues::save(std::vector<double> &v) const {
  for (size_t i = 0; i < events_.preSlot.size(); ++i)
    v[events_.preSlot[i]] = v[events_.valueSlot[i]];
}

std::vector<int32_t> PreValues::changed(const std::vector<double> &v) const {
  std::vector<int32_t> slots;
  for (size_t i = 0; i < events_.preSlot.size(); ++i) {
    double value = v[events_.valueSlot[i]], pre = v[events_.preSlot[i]];
    if (value != pre && !(std::isnan(value) && std::isnan(pre)))
      slots.push_back(events_.valueSlot[i]);
  }
  return slots;
}

ChatteringDetector::ChatteringDetector(double span, int count, double fraction)
    : times_(static_cast<size_t>(std::max(count, 2))), window_(fraction * std::abs(span)) {}

std::optional<std::string> ChatteringDetector::record(double t) {
  times_[next_] = t;
  next_ = (next_ + 1) % times_.size();
  recorded_ = std::min(recorded_ + 1, times_.size());
  if (recorded_ < times_.size())
    return std::nullopt;
  double oldest = times_[next_]; // the ring is full: the next one to go
  if (t - oldest > window_)
    return std::nullopt;
  return "chattering: " + std::to_string(times_.size()) + " state events between t = " +
         formatNumber(oldest) + " and t = " + formatNumber(t);
}

} // namespace mocc::rt
