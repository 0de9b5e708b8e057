within;
model ResultKinds "every kind of result column: states, aliases, parameters, events"
  parameter Real m(unit = "kg") = 2 "mass";
  parameter Real c(unit = "N/m") = 8 "stiffness";
  parameter Real twice = 2 * m "bound to a parameter expression";
  parameter Integer n = 3;
  Real x(start = 1, fixed = true, unit = "m", displayUnit = "mm") "position";
  Real v(start = 0, fixed = true, unit = "m/s") "velocity";
  Real f(unit = "N") "spring force";
  Real minusX = -x "a negated alias";
  Real sameX = x "an alias";
  Integer count(start = 0, fixed = true) "zero crossings of x";
  Boolean positive = x > 0;
equation
  f = -c * x;
  der(x) = v;
  m * der(v) = f;
  when x < 0 or x > 0 then
    count = pre(count) + 1;
  end when;
end ResultKinds;
