// The output grid of a simulation: start, start + interval, ..., and stop as
// the last point even when the interval does not divide the span. Each time
// is computed as start + k * interval, so rounding does not accumulate, and a
// point within 1e-10 intervals of stop is replaced by stop itself rather than
// emitted next to it.
#pragma once

#include <cmath>
#include <cstddef>

namespace mocc::rt {

/// More output intervals than this are refused (a usage error: the result
/// would hold a row per point).
constexpr double maxOutputIntervals = 1e9;

/// The times at which results are written.
class OutputGrid {
public:
  /// Requires interval > 0; a span of zero gives the single point start.
  OutputGrid(double start, double stop, double interval)
      : start_(start), stop_(stop), interval_(interval) {
    double ratio = (stop - start) / interval;
    intervals_ = ratio > 0.0 ? static_cast<std::size_t>(std::ceil(ratio - 1e-10)) : 0;
  }

  /// The number of points, both ends included.
  std::size_t size() const { return intervals_ + 1; }

  /// Point k of size(); the last one is exactly stop.
  double time(std::size_t k) const {
    return k >= intervals_ ? stop_ : start_ + static_cast<double>(k) * interval_;
  }

private:
  double start_;
  double stop_;
  double interval_;
  std::size_t intervals_;
};

} // namespace mocc::rt
