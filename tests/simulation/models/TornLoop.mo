model TornLoop "a nonlinear algebraic loop of five unknowns that tearing reduces to one iteration variable"
  Real x(start = 1, fixed = true);
  Real a, b, c, d, e;
equation
  a = x + 0.5 * e;
  b = 2 * a - x;
  c = b + 0.1 * sin(a);
  d = c - a;
  e = 0.3 * d^3 + 0.2 * b;
  der(x) = -e;
  annotation(experiment(StopTime = 2, Tolerance = 1e-8));
end TornLoop;
