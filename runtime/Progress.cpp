#include "runtime/Progress.h"

#include <algorithm>
#include <cmath>

namespace mocc::rt {

Progress::Progress(const ProgressOptions &options, double startTime, double stopTime, FILE *out)
    : options_(options), startTime_(startTime), stopTime_(stopTime), out_(out),
      start_(Clock::now()) {
  next_ = start_ + std::chrono::duration_cast<Clock::duration>(
                       std::chrono::duration<double>(std::max(0.0, options_.delay)));
  // A forced report starts at the first call of update().
  if (options_.delay <= 0)
    calls_ = static_cast<uint32_t>(-1);
}

std::string Progress::format(double t, double startTime, double stopTime, double seconds,
                             long steps) {
  double span = stopTime - startTime;
  double percent = span > 0 ? 100.0 * (t - startTime) / span : 100.0;
  percent = std::clamp(percent, 0.0, 100.0);
  char line[160];
  std::snprintf(line, sizeof line, "mocc: t = %.6g of %.6g (%.1f%%), %.1f s, %ld steps", t,
                stopTime, percent, seconds, steps);
  return line;
}

void Progress::report(double t, long steps, Clock::time_point now) {
  double seconds = std::chrono::duration<double>(now - start_).count();
  std::string text = format(t, startTime_, stopTime_, seconds, steps);
  if (options_.inPlace) {
    // Spaces over what is left of a longer line before.
    size_t length = text.size();
    if (text.size() < shown_)
      text.append(shown_ - text.size(), ' ');
    std::fprintf(out_, "\r%s", text.c_str());
    shown_ = length;
  } else {
    std::fprintf(out_, "%s\n", text.c_str());
  }
  std::fflush(out_);
  next_ = now + std::chrono::duration_cast<Clock::duration>(
                    std::chrono::duration<double>(options_.period));
}

void Progress::finish() {
  if (shown_ == 0)
    return;
  std::fprintf(out_, "\r%s\r", std::string(shown_, ' ').c_str());
  std::fflush(out_);
  shown_ = 0;
}

} // namespace mocc::rt
