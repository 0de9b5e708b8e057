// RUN: mocc check %s
model Singular "as many equations as unknowns, but two of them determine only one variable"
  Real a, b, c;
equation
  a = 2 * sin(time);
  a + 1 = cos(time);
  b + c = a;
end Singular;
