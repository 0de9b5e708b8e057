// RUN: mocc flatten %s
model Subscript
  parameter Integer n = 2;
  Real x[n];
equation
  x[1] = 1;
  x[n + 1] = 2;
end Subscript;
