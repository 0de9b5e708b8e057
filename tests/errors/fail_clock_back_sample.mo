// RUN: mocc check %s
// backSample of a clock by more than its first tick (MLS 16.5.2): the
// clock of y would tick at -0.05, before the clock of x starts at 0.
model BackSampleBeforeStart
  Real x = sample(time, Clock(1, 10));
  Real y = backSample(x, 1, 2);
end BackSampleBeforeStart;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_clock_back_sample.mo:6:8: error: the clock of the clocked partition of `y` ticks first at -0.05, before the start of its base clock at 0 (MLS 16.5.2)
// CHECK:STDERR:   Real y = backSample(x, 1, 2);
// CHECK:STDERR:        ^
