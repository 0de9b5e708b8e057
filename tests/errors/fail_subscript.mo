// RUN: mocc flatten %s
model Subscript
  parameter Integer n = 2;
  Real x[n];
equation
  x[1] = 1;
  x[n + 1] = 2;
end Subscript;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_subscript.mo:7:5: error: subscript 3 is out of bounds for `x` (dimension 1 has size 2)
// CHECK:STDERR:   x[n + 1] = 2;
// CHECK:STDERR:     ^~~~~
