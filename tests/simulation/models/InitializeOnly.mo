model InitializeOnly "StopTime = StartTime: the model is initialized and its one time point written"
  Real x(start = 1, fixed = true);
  Real y = 2 * x + time;
equation
  der(x) = -x;
  annotation(experiment(StartTime = 0.5, StopTime = 0.5));
end InitializeOnly;
