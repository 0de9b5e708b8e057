model Aliases "alias equations a = b, a = -b and a = constant: removed before the structural passes, still in the results"
  parameter Real k = 2.5;
  Real x(start = 1, fixed = true);
  Real a, b, c, e;
equation
  a = x;
  b = -a;
  c = k;
  e = b;
  der(x) = e * c;
  annotation(experiment(StopTime = 1));
end Aliases;
