model AssertIdentity "an assert of an identity among algebraic unknowns, tighter than the integration tolerance"
  Real x(start = 1, fixed = true);
  Real y(start = 1);
  Real z;
equation
  der(x) = -z;
  y^3 + y = 10 * x;
  z = 1000 * y * sin(time);
  assert(abs(y^3 + y - 10 * x) < 1e-9 * (1 + abs(x)), "the identity does not hold");
  annotation(experiment(StopTime = 1, Tolerance = 1e-4));
end AssertIdentity;
