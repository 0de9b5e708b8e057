// StopTime = StartTime: a run of initialization alone, one row (as the MSL's
// tests of functions, ModelicaTest.Math, are run).
model InitializationOnly
  Real y = sqrt(2) + time;
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  annotation(experiment(StopTime = 0));
end InitializationOnly;
