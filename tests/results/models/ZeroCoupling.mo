within;
model ZeroCoupling "x(t) = exp(-t) (1 + g t): a coupling whose value 0 the translation uses"
  parameter Real g = 0 "the coupling of z into x: 0 leaves the Jacobian entry out";
  Real x(start = 1, fixed = true);
  Real z(start = 1, fixed = true);
equation
  der(x) = -x + g * z;
  der(z) = -z;
  annotation(experiment(StopTime = 1, Tolerance = 1e-8));
end ZeroCoupling;
