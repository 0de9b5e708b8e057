// Wall-clock time of the runtime's phases, for the statistics of -v.
#pragma once

#include <chrono>

namespace mocc::rt {

/// Measures elapsed wall-clock time from its construction.
class Stopwatch {
public:
  /// Seconds since construction.
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

} // namespace mocc::rt
