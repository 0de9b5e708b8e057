model PendulumPreferX "the Cartesian pendulum hanging at 30 degrees, with x and vx preferred as states: one static choice"
  parameter Real L = 0.5;
  parameter Real g = 9.81;
  parameter Real phi0 = 0.5235987755982988 "30 degrees";
  Real x(start = L * sin(phi0), fixed = true, stateSelect = StateSelect.prefer);
  Real y(start = -L * cos(phi0));
  Real vx(start = 0, fixed = true, stateSelect = StateSelect.prefer);
  Real vy;
  Real F;
equation
  der(x) = vx;
  der(y) = vy;
  der(vx) = -F * x;
  der(vy) = -F * y - g;
  x^2 + y^2 = L^2;
  annotation(experiment(StopTime = 3, Tolerance = 1e-8));
end PendulumPreferX;
