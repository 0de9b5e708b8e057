model PendulumSet "five Cartesian pendulums of different lengths released from the horizontal: 1024 equally good choices of states, dynamic state selection with one selection matrix per pendulum and level"
  parameter Integer n = 5;
  parameter Real L[n] = {0.6, 0.8, 1.0, 1.2, 1.4} "lengths of the rods";
  parameter Real g = 9.81;
  Real x[n](start = L) "horizontal positions";
  Real y[n](each start = 0, each fixed = true) "vertical positions";
  Real vx[n];
  Real vy[n](each start = 0, each fixed = true);
  Real F[n] "rod forces per unit length and mass";
equation
  der(x) = vx;
  der(y) = vy;
  for i in 1:n loop
    der(vx[i]) = -F[i] * x[i];
    der(vy[i]) = -F[i] * y[i] - g;
    x[i]^2 + y[i]^2 = L[i]^2;
  end for;
  annotation(experiment(StopTime = 5, Tolerance = 1e-8));
end PendulumSet;
