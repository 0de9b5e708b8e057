// RUN: mocc check %s
model TooFew
  Real x(start = 1, fixed = true);
  Real y;
  Real z;
equation
  der(x) = -x;
  y + z = x;
end TooFew;
