// A warning-level assert: reported once, and the run goes on.
model AssertWarning
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  assert(x > 0.5, "x is below 0.5", AssertionLevel.warning);
  annotation(experiment(StopTime = 2));
end AssertWarning;
