// The histories of delay() and the hook mocc_delay; see Delays.h.
#include "runtime/Delays.h"

#include "runtime/RuntimeErrors.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mocc::rt {

namespace {
thread_local DelayHistories *currentHistories = nullptr;
} // namespace

DelayScope::DelayScope(DelayHistories &histories) : previous_(currentHistories) {
  currentHistories = &histories;
}

DelayScope::~DelayScope() { currentHistories = previous_; }

double DelayHistories::value(int32_t buffer, double t, double x, double delayTime,
                             double delayMax) {
  if (buffer < 0)
    return x;
  if (static_cast<size_t>(buffer) >= buffers_.size())
    buffers_.resize(static_cast<size_t>(buffer) + 1);
  Buffer &b = buffers_[static_cast<size_t>(buffer)];
  // Out of [0, delayMax] the model's assertion (added by flattening) ends
  // the run at the next row; until then the value stays within the history.
  delayTime = std::clamp(delayTime, 0.0, std::max(delayMax, 0.0));
  if (recording_) {
    append(b, t, x, delayTime, delayMax);
  } else if (pass_ > 0 && b.pass != pass_) {
    mocc_runtime_error("`delay()` evaluated only in some branches of an if-expression, or "
                       "outside the continuous equations, is not supported yet",
                       nullptr);
    return x;
  }
  const std::deque<Sample> &s = b.samples;
  if (s.empty() || delayTime == 0)
    return x; // the start (expr at the start time), or no delay
  double at = t - delayTime;
  // t is a jump's time event te + delayTime, up to the rounding of the sum.
  double eps = 8 * std::numeric_limits<double>::epsilon() * std::max(std::abs(t), 1.0);
  auto first = std::lower_bound(s.begin(), s.end(), at - eps,
                                [](const Sample &e, double time) { return e.t < time; });
  if (first != s.end() && first->t <= at + eps) { // at a sample: before or after its jump
    auto last = first;
    while (rightLimits_ && last + 1 != s.end() && (last + 1)->t == first->t)
      ++last;
    return last->x;
  }
  if (first == s.begin())
    return s.front().x; // before start + delayTime: expr at the start time (MLS 3.7.4.1)
  if (first == s.end()) { // past the history: toward the current value
    const Sample &last = s.back();
    return t > last.t ? last.x + (x - last.x) * ((at - last.t) / (t - last.t)) : last.x;
  }
  return interpolate(s, static_cast<size_t>(first - s.begin()), at);
}

/// The value at `at`, between samples k - 1 and k: the cubic through the
/// two samples on each side (Lagrange's form), where they exist within the
/// same smooth piece (two samples at one instant are a jump, which no
/// polynomial crosses); linear where only two are at hand. With IDA's steps
/// as the samples, linear interpolation of a smooth signal errs by h^2/8
/// times its second derivative (0.024 for sin with the steps of 0.44 that a
/// tolerance of 1e-6 allows an ODE of time alone); the cubic, by about
/// 0.023 h^4 times the fourth (1e-3 there, 1e-7 at steps of 0.05).
double DelayHistories::interpolate(const std::deque<Sample> &s, size_t k, double at) {
  const Sample &p = s[k - 1], &q = s[k];
  bool before = k >= 2 && s[k - 2].t < p.t;
  bool after = k + 1 < s.size() && s[k + 1].t > q.t;
  if (!before || !after)
    return p.x + (q.x - p.x) * ((at - p.t) / (q.t - p.t));
  const Sample *pts[4] = {&s[k - 2], &p, &q, &s[k + 1]};
  double sum = 0;
  for (int i = 0; i < 4; ++i) {
    double w = 1;
    for (int j = 0; j < 4; ++j)
      if (j != i)
        w *= (at - pts[j]->t) / (pts[i]->t - pts[j]->t);
    sum += w * pts[i]->x;
  }
  return sum;
}

/// Appends (t, x); a second sample at the time of the last one with another
/// value is a jump (an event), a third replaces the second. Samples older
/// than any lookup can reach (t - delayMax) are dropped, but for one.
void DelayHistories::append(Buffer &b, double t, double x, double delayTime, double delayMax) {
  b.pass = pass_;
  std::deque<Sample> &s = b.samples;
  if (!s.empty() && s.back().t > t) // an output time IDA's last step passed
    return;
  if (!s.empty() && s.back().t == t) {
    if (s.back().x == x || (std::isnan(x) && std::isnan(s.back().x)))
      return;
    bool second = s.size() >= 2 && s[s.size() - 2].t == t;
    double left = second ? s[s.size() - 2].x : s.back().x;
    if (second)
      s.back().x = x;
    else
      s.push_back({t, x});
    // A change beyond rounding (an algebraic value solved again at an
    // event is not a jump) is an event delayTime later.
    if (delayTime > 0 && !(std::abs(x - left) <= 1e-9 * (1 + std::abs(left))))
      jumps_.push(t + delayTime);
    return;
  }
  // A lookup may still come from any time since the last sample (an
  // output time between the steps, interpolated after the step), and the
  // cubic takes one sample more on each side: keep two samples at or
  // before the last sample's time minus the longest delay.
  double oldest = (s.empty() ? t : s.back().t) - std::max(delayMax, delayTime);
  s.push_back({t, x});
  while (s.size() > 3 && s[2].t <= oldest)
    s.pop_front();
}

double DelayHistories::nextJump() const {
  return jumps_.empty() ? std::numeric_limits<double>::infinity() : jumps_.top();
}

void DelayHistories::dropJumpsUntil(double t) {
  while (!jumps_.empty() && jumps_.top() <= t)
    jumps_.pop();
}

} // namespace mocc::rt

extern "C" double mocc_delay(int32_t buffer, double t, double value, double delayTime,
                             double delayMax) {
  mocc::rt::DelayHistories *histories = mocc::rt::currentHistories;
  return histories ? histories->value(buffer, t, value, delayTime, delayMax) : value;
}
