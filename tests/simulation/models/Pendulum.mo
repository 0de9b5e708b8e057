model Pendulum "a pendulum in Cartesian coordinates (index 3), released at rest from the horizontal"
  parameter Real L = 1 "length of the rod";
  parameter Real m = 1 "mass";
  parameter Real g = 9.81;
  Real x(start = 1) "horizontal position";
  Real y(start = 0, fixed = true) "vertical position";
  Real vx;
  Real vy(start = 0, fixed = true);
  Real F "rod force per unit length (a Lagrange multiplier)";
equation
  der(x) = vx;
  der(y) = vy;
  m * der(vx) = -F * x;
  m * der(vy) = -F * y - m * g;
  x^2 + y^2 = L^2;
  annotation(experiment(StopTime = 10, Tolerance = 1e-8));
end Pendulum;
