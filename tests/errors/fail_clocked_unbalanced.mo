// RUN: mocc check %s
// A clocked partition with fewer equations than variables.
model ClockedUnbalanced
  Real x;
  Real z;
equation
  x = previous(x) + sample(time, Clock(0.1)) + z;
end ClockedUnbalanced;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_clocked_unbalanced.mo:4:8: error: the clocked partition of `x` has 1 equation(s) for 2 variable(s)
// CHECK:STDERR:   Real x;
// CHECK:STDERR:        ^
