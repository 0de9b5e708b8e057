// An if-expression on a state: the rate changes where x crosses 0.5.
model IfOnState
  Real x(start = 1, fixed = true);
  Real y;
equation
  der(x) = if x > 0.5 then -1 else -2 * x;
  y = if noEvent(x > 0.75) then 1 else 0;
  annotation(experiment(StopTime = 2, Tolerance = 1e-10));
end IfOnState;
