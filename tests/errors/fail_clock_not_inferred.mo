// RUN: mocc check %s
// A clocked partition that no clock reaches (MLS 16.7.5 allows a default
// clock; mocc asks for one).
model NotInferred
  Integer k(start = 0);
equation
  k = previous(k) + 1;
end NotInferred;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_clock_not_inferred.mo:5:11: error: the clock of the clocked partition of `k` cannot be inferred: no clock reaches it
// CHECK:STDERR:   Integer k(start = 0);
// CHECK:STDERR:           ^
