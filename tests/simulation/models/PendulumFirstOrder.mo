model PendulumFirstOrder "the Cartesian pendulum in first-order form (scaled velocities: no alias applies), from the horizontal"
  parameter Real L = 1, g = 9.81;
  Real x(start = 1), y(start = 0, fixed = true), ux, uy(start = 0, fixed = true), F;
equation
  der(x) = 2 * ux;
  der(y) = 2 * uy;
  2 * der(ux) = -F * x / L;
  2 * der(uy) = -F * y / L - g;
  x^2 + y^2 = L^2;
  annotation(experiment(StopTime = 10, Tolerance = 1e-8));
end PendulumFirstOrder;
