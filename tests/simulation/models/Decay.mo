model Decay "x' = -k x"
  parameter Real k = 0.7;
  Real x(start = 2, fixed = true);
equation
  der(x) = -k * x;
  annotation(experiment(StopTime = 3, Interval = 0.01));
end Decay;
