// RUN: mocc flatten %s
model Builtins "element-wise built-in functions and operators"
  Real x = 0.5;
  Real y[3];
  Integer k = div(7, 2) + mod(-7, 2) + integer(2.7);
equation
  y = {sin(x) + abs(-x), atan2(x, 1) + noEvent(if x > 0 then sqrt(x) else 0), smooth(1, x^2) + identity(3) * {1, 2, 3} * zeros(3) + ones(2) * fill(2, 2)};
end Builtins;

// CHECK:STDOUT: class Builtins
// CHECK:STDOUT:   Real x;
// CHECK:STDOUT:   Real y[1];
// CHECK:STDOUT:   Real y[2];
// CHECK:STDOUT:   Real y[3];
// CHECK:STDOUT:   Integer k;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   x = 0.5;
// CHECK:STDOUT:   k = 6;
// CHECK:STDOUT:   y[1] = sin(x) + abs(-x);
// CHECK:STDOUT:   y[2] = atan2(x, 1) + noEvent(if x > 0 then sqrt(x) else 0);
// CHECK:STDOUT:   y[3] = smooth(1, x^2) + 4;
// CHECK:STDOUT: end Builtins;
