// x = exp(-t) falls below 0.5 at t = ln 2: the run stops there.
model AssertError
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  assert(x > 0.5, "x fell below 0.5");
  annotation(experiment(StopTime = 2));
end AssertError;
