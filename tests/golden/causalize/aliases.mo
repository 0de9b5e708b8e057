// RUN: mocc flatten --emit=index-reduced %s
model Aliases "alias chains, negated aliases and constants; the kept variable has the start value"
  parameter Real k = 2;
  Real a, b(start = 1), c, d, e, f;
equation
  a = b;
  c = -a;
  d = -c;
  e = 2 * k;
  f + d = 0;
  der(b) = -b + e * f + time;
end Aliases;

// CHECK:STDOUT: class Aliases
// CHECK:STDOUT:   parameter Real k = 2;
// CHECK:STDOUT:   Real a;
// CHECK:STDOUT:   Real b(start = 1);
// CHECK:STDOUT:   Real c;
// CHECK:STDOUT:   Real d;
// CHECK:STDOUT:   Real e;
// CHECK:STDOUT:   Real f;
// CHECK:STDOUT:   // index reduction: 5 alias variable(s) removed, 0 equation(s) differentiated
// CHECK:STDOUT:   // alias variables (not in the reduced system; computed from the others):
// CHECK:STDOUT:   //   a = b
// CHECK:STDOUT:   //   c = -b
// CHECK:STDOUT:   //   d = b
// CHECK:STDOUT:   //   e = 2 * k
// CHECK:STDOUT:   //   f = -b
// CHECK:STDOUT:   // states: b
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): none
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(b) = -b + 2 * k * (-b) + time;
// CHECK:STDOUT: end Aliases;
