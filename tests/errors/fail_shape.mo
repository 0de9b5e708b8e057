// RUN: mocc flatten %s
model Shape
  Real x[3];
  Real y[2];
equation
  x = y;
  y = {1, 2};
end Shape;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_shape.mo:6:3: error: the two sides of the equation have different shapes [3] and [2]
// CHECK:STDERR:   x = y;
// CHECK:STDERR:   ^~~~~
