// The histories of delay(expr, delayTime, delayMax) (MLS 3.7.4.1), which
// generated code reads through the hook mocc_delay. Each delay() call of a
// model has a buffer (its number is a constant of the code) of (time, value)
// samples of expr: the integration loop evaluates the residual kernel once
// more, recording, at the start, after each accepted step of IDA and before
// and after each event (two samples at one instant keep a jump). A value is
// interpolated between the samples around time - delayTime (OpenModelica
// interpolates linearly; see interpolate); before the start time plus delayTime it is the first
// sample, expr at the start; past the last sample (a step longer than the
// delay) it is interpolated between the last sample and the current value of
// expr. Between samples it is the cubic through the two samples on each
// side within a smooth piece (linear next to a jump or an end). The delayed value is thus known at every point of the solver, like
// pre(): generated code gives it a zero tangent. A jump recorded at an event
// reaches the output delayTime later: that instant is a time event
// (nextJump), so that no step passes it and when-clauses see the change;
// there the value is the left one until the event iteration starts, and the
// right one from then on (setRightLimits), so that pre() of a delayed
// signal is its value before the jump.
//
// A delay whose buffer missed a recording (a delay() evaluated only in some
// branch of an if-expression, or only outside the residual and zero-crossing
// kernels) has no history to read: the run stops with "not supported yet"
// rather than give a wrong value.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <queue>
#include <vector>

extern "C" {
/// The value of delay(value, delayTime, delayMax) of buffer `buffer` at
/// time t (`value` is expr at t). Without histories (initialization,
/// before the integration loop starts) it is `value`, expr at the start.
double mocc_delay(int32_t buffer, double t, double value, double delayTime, double delayMax);
}

namespace mocc::rt {

/// The histories of one run.
class DelayHistories {
public:
  /// The value of the hook at t (see mocc_delay).
  double value(int32_t buffer, double t, double x, double delayTime, double delayMax);
  /// Whether generated code has evaluated a delay() (the model has one).
  bool used() const { return !buffers_.empty(); }
  /// Between begin and endRecording, every delay() evaluated appends
  /// (t, expr) to its buffer.
  void beginRecording() {
    ++pass_;
    recording_ = true;
  }
  void endRecording() { recording_ = false; }
  /// Whether a lookup at the instant of a recorded jump takes the value
  /// after it (in the event iteration) or before it (the step that ends
  /// there).
  void setRightLimits(bool right) { rightLimits_ = right; }
  /// The earliest instant at which a jump recorded at an event reaches a
  /// delay's output (+infinity if none).
  double nextJump() const;
  /// Forgets the jumps due at or before t.
  void dropJumpsUntil(double t);

private:
  struct Sample {
    double t;
    double x;
  };
  struct Buffer {
    std::deque<Sample> samples;
    uint64_t pass = 0; ///< the recording pass that last appended
  };
  void append(Buffer &b, double t, double x, double delayTime, double delayMax);
  static double interpolate(const std::deque<Sample> &s, size_t k, double at);

  std::vector<Buffer> buffers_;
  std::priority_queue<double, std::vector<double>, std::greater<>> jumps_;
  uint64_t pass_ = 0;
  bool recording_ = false;
  bool rightLimits_ = false;
};

/// While it lives, mocc_delay on this thread reads and records `histories`.
class DelayScope {
public:
  explicit DelayScope(DelayHistories &histories);
  ~DelayScope();
  DelayScope(const DelayScope &) = delete;
  DelayScope &operator=(const DelayScope &) = delete;

private:
  DelayHistories *previous_;
};

} // namespace mocc::rt
