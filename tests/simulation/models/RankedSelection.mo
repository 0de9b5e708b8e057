model RankedSelection "Cartesian pendulums whose rod vector is (cos(q)^2 + sin(q)^2) (x, y): structurally it depends on the angle q, numerically not; the states among x, y and q (all avoid) must be chosen numerically"
  parameter Integer n = 4;
  parameter Real L[n] = {0.6, 0.8, 1.0, 1.2} "lengths of the rods";
  parameter Real g = 9.81;
  Real x[n](each stateSelect = StateSelect.avoid, start = L) "horizontal positions";
  Real y[n](each stateSelect = StateSelect.avoid, each start = 0, each fixed = true) "vertical positions";
  Real vx[n](each stateSelect = StateSelect.avoid);
  Real vy[n](each stateSelect = StateSelect.avoid, each start = 0, each fixed = true);
  Real q[n](each stateSelect = StateSelect.avoid, each start = 0, each fixed = true) "a rotation the rod vector names";
  Real w[n](each stateSelect = StateSelect.avoid, each start = 1, each fixed = true);
  Real dx[n](start = L) "the rod vector";
  Real dy[n];
  Real ux[n] "its velocity";
  Real uy[n];
  Real F[n] "rod forces per unit length and mass";
equation
  der(x) = vx;
  der(y) = vy;
  der(q) = w;
  der(w) = -0.5 * w;
  for i in 1:n loop
    dx[i] = (cos(q[i])^2 + sin(q[i])^2) * x[i];
    dy[i] = (cos(q[i])^2 + sin(q[i])^2) * y[i];
    ux[i] = der(dx[i]);
    uy[i] = der(dy[i]);
    der(vx[i]) = -F[i] * dx[i];
    der(vy[i]) = -F[i] * dy[i] - g;
    dx[i]^2 + dy[i]^2 = L[i]^2;
  end for;
  annotation(experiment(StopTime = 3, Tolerance = 1e-8));
end RankedSelection;
