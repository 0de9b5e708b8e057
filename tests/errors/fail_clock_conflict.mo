// RUN: mocc check %s
// Two periodic clocks reach one partition (MLS 16.7): their intervals differ.
model ClockConflict
  Real u = time;
  Real x;
equation
  x = sample(u, Clock(0.1)) + sample(u, Clock(0.2));
end ClockConflict;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_clock_conflict.mo:7:41: error: the clocked partition of `Clock(2)` has two different clocks: a periodic clock of interval 0.1 and one of interval 0.2
// CHECK:STDERR:   x = sample(u, Clock(0.1)) + sample(u, Clock(0.2));
// CHECK:STDERR:                                         ^~~~~~~~~~
