model NonlinearLoop "an index-1 DAE with a nonlinear algebraic equation: y^3 + y = x"
  Real x(start = 2, fixed = true);
  Real y(start = 1);
equation
  y^3 + y = x;
  der(x) = -y;
  annotation(experiment(StopTime = 2));
end NonlinearLoop;
