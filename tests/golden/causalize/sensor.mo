// RUN: mocc flatten --emit=index-reduced %s
model Sensor "index 2: a differentiated output; if-expressions are differentiated branch by branch"
  Real x(start = 1, fixed = true), v(start = 0, fixed = true);
  Real d, s;
equation
  der(x) = v;
  der(v) = -x;
  d = if noEvent(x > 0) then sqrt(x^2 + 1) else smooth(1, exp(x) * cos(x));
  s = der(d);
end Sensor;

// CHECK:STDOUT: class Sensor
// CHECK:STDOUT:   Real x(start = 1, fixed = true);
// CHECK:STDOUT:   Real v(start = 0, fixed = true);
// CHECK:STDOUT:   Real d;
// CHECK:STDOUT:   Real s;
// CHECK:STDOUT:   // index reduction: 2 alias variable(s) removed, 1 equation(s) differentiated
// CHECK:STDOUT:   // alias variables (not in the reduced system; computed from the others):
// CHECK:STDOUT:   //   v = der(x)
// CHECK:STDOUT:   //   der(v) = der(der(x))
// CHECK:STDOUT:   // states: x, der(x)
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): der(d)
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(der(x)) = -x;
// CHECK:STDOUT:   d = if noEvent(x > 0) then sqrt(x^2 + 1) else smooth(1, exp(x) * cos(x));
// CHECK:STDOUT:   s = der(d);
// CHECK:STDOUT:   // added by index reduction (equation numbers count from 1 above):
// CHECK:STDOUT:   der(d) = if noEvent(x > 0) then 2 * x * der(x) / (2 * sqrt(x^2 + 1)) else smooth(0, exp(x) * der(x) * cos(x) + exp(x) * (-sin(x) * der(x))); // d/dt of equation 2
// CHECK:STDOUT: end Sensor;
