// RUN: mocc check %s
model TooMany
  Real x(start = 1, fixed = true);
  Real y;
equation
  der(x) = -x;
  y = x;
  y = 2 * x;
end TooMany;
