// RUN: mocc flatten --emit=index-reduced %s
// RUN: mocc check %s
model Pendulum "a pendulum in Cartesian coordinates: index 3"
  parameter Real L = 1, g = 9.81;
  Real x(start = 1), y(start = 0, fixed = true), vx, vy(start = 0, fixed = true), F;
equation
  der(x) = vx;
  der(y) = vy;
  der(vx) = -F * x / L;
  der(vy) = -F * y / L - g;
  x^2 + y^2 = L^2;
end Pendulum;

// CHECK:STDOUT: class Pendulum
// CHECK:STDOUT:   parameter Real L = 1;
// CHECK:STDOUT:   parameter Real g = 9.81;
// CHECK:STDOUT:   Real x(start = 1);
// CHECK:STDOUT:   Real y(start = 0, fixed = true);
// CHECK:STDOUT:   Real vx;
// CHECK:STDOUT:   Real vy(start = 0, fixed = true);
// CHECK:STDOUT:   Real F;
// CHECK:STDOUT:   // index reduction: 4 alias variable(s) removed, 2 equation(s) differentiated
// CHECK:STDOUT:   // alias variables (not in the reduced system; computed from the others):
// CHECK:STDOUT:   //   vx = der(x)
// CHECK:STDOUT:   //   der(vx) = der(der(x))
// CHECK:STDOUT:   //   vy = der(y)
// CHECK:STDOUT:   //   der(vy) = der(der(y))
// CHECK:STDOUT:   // states: x, der(x)
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): der(y), der(der(y))
// CHECK:STDOUT:   // dynamic state selection between 2 sets of states:
// CHECK:STDOUT:   //   set 1: x, der(x); dummy derivatives der(y), der(der(y))
// CHECK:STDOUT:   //   set 2: y, der(y); dummy derivatives der(x), der(der(x))
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(der(x)) = -F * x / L;
// CHECK:STDOUT:   der(der(y)) = -F * y / L - g;
// CHECK:STDOUT:   x^2 + y^2 = L^2;
// CHECK:STDOUT:   // added by index reduction (equation numbers count from 1 above):
// CHECK:STDOUT:   2 * x * der(x) + 2 * y * der(y) = 0; // d/dt of equation 3
// CHECK:STDOUT:   2 * der(x) * der(x) + 2 * x * der(der(x)) + (2 * der(y) * der(y) + 2 * y * der(der(y))) = 0; // d/dt of equation 4
// CHECK:STDOUT: end Pendulum;
// CHECK:STDOUT: Class Pendulum has 5 equation(s) and 5 variable(s).
