// RUN: mocc flatten %s
model Homotopy "homotopy(actual, simplified) keeps both in the flat model and prints as written"
  Real x(start = 0);
  Real y[2];
equation
  0 = homotopy(actual = sin(x) * (x - 100), simplified = x - 100);
  y = homotopy({x, 2 * x}, {1, 2});
end Homotopy;

// CHECK:STDOUT: class Homotopy
// CHECK:STDOUT:   Real x(start = 0);
// CHECK:STDOUT:   Real y[1];
// CHECK:STDOUT:   Real y[2];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   0 = homotopy(sin(x) * (x - 100), x - 100);
// CHECK:STDOUT:   y[1] = homotopy(x, 1);
// CHECK:STDOUT:   y[2] = homotopy(2 * x, 2);
// CHECK:STDOUT: end Homotopy;
