// RUN: mocc flatten --emit=index-reduced %s
model AlwaysVelocityAlias "u = der(x) is never differentiated; its stateSelect = always makes der(x) a state (as MultiBody's RollingWheelSet says of der_theta1 = der(theta1)), while y is preferred at the position level"
  parameter Real L = 1, g = 9.81;
  Real x, y(stateSelect = StateSelect.prefer);
  Real u(stateSelect = StateSelect.always) "the velocity of x, as a variable of its own";
  Real vx, vy, F;
equation
  der(x) = vx;
  der(y) = vy;
  der(vx) = -F * x / L;
  der(vy) = -F * y / L - g;
  x^2 + y^2 = L^2;
  u = der(x);
end AlwaysVelocityAlias;

// CHECK:STDOUT: class AlwaysVelocityAlias
// CHECK:STDOUT:   parameter Real L = 1;
// CHECK:STDOUT:   parameter Real g = 9.81;
// CHECK:STDOUT:   Real x;
// CHECK:STDOUT:   Real y(stateSelect = StateSelect.prefer);
// CHECK:STDOUT:   Real u(stateSelect = StateSelect.always) "the velocity of x, as a variable of its own";
// CHECK:STDOUT:   Real vx;
// CHECK:STDOUT:   Real vy;
// CHECK:STDOUT:   Real F;
// CHECK:STDOUT:   // index reduction: 5 alias variable(s) removed, 2 equation(s) differentiated
// CHECK:STDOUT:   // alias variables (not in the reduced system; computed from the others):
// CHECK:STDOUT:   //   vx = der(x)
// CHECK:STDOUT:   //   der(vx) = der(der(x))
// CHECK:STDOUT:   //   vy = der(y)
// CHECK:STDOUT:   //   der(vy) = der(der(y))
// CHECK:STDOUT:   //   u = der(x)
// CHECK:STDOUT:   // states: x, der(x)
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): der(y), der(der(y))
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(der(x)) = -F * x / L;
// CHECK:STDOUT:   der(der(y)) = -F * y / L - g;
// CHECK:STDOUT:   x^2 + y^2 = L^2;
// CHECK:STDOUT:   // added by index reduction (equation numbers count from 1 above):
// CHECK:STDOUT:   2 * x * der(x) + 2 * y * der(y) = 0; // d/dt of equation 3
// CHECK:STDOUT:   2 * der(x) * der(x) + 2 * x * der(der(x)) + (2 * der(y) * der(y) + 2 * y * der(der(y))) = 0; // d/dt of equation 4
// CHECK:STDOUT: end AlwaysVelocityAlias;
