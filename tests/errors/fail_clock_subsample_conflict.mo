// RUN: mocc check %s
// A partition that is both a sub-clock of 2 and of 3 of the same clock.
model SubSampleConflict
  Clock c = Clock(1, 10);
  Real a = sample(time, c);
  Real b;
equation
  b = subSample(a, 2) + subSample(a, 3);
end SubSampleConflict;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_clock_subsample_conflict.mo:8:25: error: the clocked partition of `subSample(a)` has two different clocks: the clock of interval factor 2 and shift 0 and the clock of interval factor 3 and shift 0
// CHECK:STDERR:   b = subSample(a, 2) + subSample(a, 3);
// CHECK:STDERR:                         ^~~~~~~~~~~~~~~
