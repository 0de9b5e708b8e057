// RUN: mocc check %s
model Balanced
  parameter Real k = 2;
  Real x(start = 1, fixed = true), y[2];
equation
  der(x) = -k * x;
  y = {x, 2 * x};
end Balanced;

// CHECK:STDOUT: Class Balanced has 3 equation(s) and 3 variable(s).
