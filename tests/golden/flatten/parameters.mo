// RUN: mocc flatten %s
model Parameters "bindings that refer to other parameters, and attributes"
  parameter Real a = 2;
  parameter Real b = 3 * a + 1 "depends on a";
  constant Integer n = 2;
  parameter Real v[n + 1] = {a, b, a * b};
  Real x(start = b, fixed = true, nominal = 10, min = -1, unit = "m");
  Boolean on = x > a;
equation
  der(x) = -a * x + v[end];
end Parameters;

// CHECK:STDOUT: class Parameters
// CHECK:STDOUT:   parameter Real a = 2;
// CHECK:STDOUT:   parameter Real b = 3 * a + 1 "depends on a";
// CHECK:STDOUT:   constant Integer n = 2;
// CHECK:STDOUT:   parameter Real v[1] = a;
// CHECK:STDOUT:   parameter Real v[2] = b;
// CHECK:STDOUT:   parameter Real v[3] = a * b;
// CHECK:STDOUT:   Real x(unit = "m", min = -1, start = b, fixed = true, nominal = 10);
// CHECK:STDOUT:   Boolean on;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   on = x > a;
// CHECK:STDOUT:   der(x) = -a * x + v[3];
// CHECK:STDOUT: end Parameters;
