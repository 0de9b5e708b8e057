// RUN: mocc flatten --emit=index-reduced %s
model Prefer "the pendulum with x and vx preferred as states: one static choice, no dynamic selection"
  parameter Real L = 1, g = 9.81;
  Real x(stateSelect = StateSelect.prefer), y;
  Real vx(stateSelect = StateSelect.prefer), vy, F;
equation
  der(x) = vx;
  der(y) = vy;
  der(vx) = -F * x / L;
  der(vy) = -F * y / L - g;
  x^2 + y^2 = L^2;
end Prefer;

// CHECK:STDOUT: class Prefer
// CHECK:STDOUT:   parameter Real L = 1;
// CHECK:STDOUT:   parameter Real g = 9.81;
// CHECK:STDOUT:   Real x(stateSelect = StateSelect.prefer);
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT:   Real vx(stateSelect = StateSelect.prefer);
// CHECK:STDOUT:   Real vy;
// CHECK:STDOUT:   Real F;
// CHECK:STDOUT:   // index reduction: 4 alias variable(s) removed, 2 equation(s) differentiated
// CHECK:STDOUT:   // alias variables (not in the reduced system; computed from the others):
// CHECK:STDOUT:   //   vx = der(x)
// CHECK:STDOUT:   //   der(vx) = der(der(x))
// CHECK:STDOUT:   //   vy = der(y)
// CHECK:STDOUT:   //   der(vy) = der(der(y))
// CHECK:STDOUT:   // states: x, der(x)
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): der(y), der(der(y))
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(der(x)) = -F * x / L;
// CHECK:STDOUT:   der(der(y)) = -F * y / L - g;
// CHECK:STDOUT:   x^2 + y^2 = L^2;
// CHECK:STDOUT:   // added by index reduction (equation numbers count from 1 above):
// CHECK:STDOUT:   2 * x * der(x) + 2 * y * der(y) = 0; // d/dt of equation 3
// CHECK:STDOUT:   2 * der(x) * der(x) + 2 * x * der(der(x)) + (2 * der(y) * der(y) + 2 * y * der(der(y))) = 0; // d/dt of equation 4
// CHECK:STDOUT: end Prefer;
