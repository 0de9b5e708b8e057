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
