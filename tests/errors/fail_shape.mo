// RUN: mocc flatten %s
model Shape
  Real x[3];
  Real y[2];
equation
  x = y;
  y = {1, 2};
end Shape;
