// RUN: mocc simulate %s
model Index2 "a pendulum in Cartesian coordinates: structurally singular before index reduction"
  parameter Real L = 1, g = 9.81;
  Real x(start = 1), y, vx, vy, F;
equation
  der(x) = vx;
  der(y) = vy;
  der(vx) = -F * x / L;
  der(vy) = -F * y / L - g;
  x^2 + y^2 = L^2;
end Index2;
