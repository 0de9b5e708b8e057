// RUN: mocc flatten --emit=index-reduced %s
model AliasStateSelect "a component's own copy of a coordinate says never, the alias the user sees says prefer: the alias set is preferred (MultiBody's Universal joint: revolute_a.phi never, phi_a prefer)"
  model Coordinates
    Real x(stateSelect = StateSelect.never);
    Real vx(stateSelect = StateSelect.never);
  end Coordinates;
  parameter Real L = 1, g = 9.81;
  Coordinates c;
  Real x(stateSelect = StateSelect.prefer), y;
  Real vx(stateSelect = StateSelect.prefer), vy, F;
equation
  c.x = x;
  c.vx = vx;
  der(c.x) = c.vx;
  der(y) = vy;
  der(c.vx) = -F * c.x / L;
  der(vy) = -F * y / L - g;
  c.x^2 + y^2 = L^2;
end AliasStateSelect;

// CHECK:STDOUT: class AliasStateSelect
// CHECK:STDOUT:   parameter Real L = 1;
// CHECK:STDOUT:   parameter Real g = 9.81;
// CHECK:STDOUT:   Real c.x(stateSelect = StateSelect.never);
// CHECK:STDOUT:   Real c.vx(stateSelect = StateSelect.never);
// CHECK:STDOUT:   Real x(stateSelect = StateSelect.prefer);
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT:   Real vx(stateSelect = StateSelect.prefer);
// CHECK:STDOUT:   Real vy;
// CHECK:STDOUT:   Real F;
// CHECK:STDOUT:   // index reduction: 6 alias variable(s) removed, 2 equation(s) differentiated
// CHECK:STDOUT:   // alias variables (not in the reduced system; computed from the others):
// CHECK:STDOUT:   //   x = c.x
// CHECK:STDOUT:   //   vx = der(c.x)
// CHECK:STDOUT:   //   c.vx = der(c.x)
// CHECK:STDOUT:   //   der(c.vx) = der(der(c.x))
// CHECK:STDOUT:   //   vy = der(y)
// CHECK:STDOUT:   //   der(vy) = der(der(y))
// CHECK:STDOUT:   // states: c.x, der(c.x)
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): der(y), der(der(y))
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(der(c.x)) = -F * c.x / L;
// CHECK:STDOUT:   der(der(y)) = -F * y / L - g;
// CHECK:STDOUT:   c.x^2 + y^2 = L^2;
// CHECK:STDOUT:   // added by index reduction (equation numbers count from 1 above):
// CHECK:STDOUT:   2 * c.x * der(c.x) + 2 * y * der(y) = 0; // d/dt of equation 3
// CHECK:STDOUT:   2 * der(c.x) * der(c.x) + 2 * c.x * der(der(c.x)) + (2 * der(y) * der(y) + 2 * y * der(der(y))) = 0; // d/dt of equation 4
// CHECK:STDOUT: end AliasStateSelect;
