within;
model Decay "x(t) = x0 exp(-k t): parameters bound to others, a start value, the experiment"
  parameter Real k = 1 "decay rate";
  parameter Real twiceK = 2 * k "bound to k";
  parameter Integer n = 2;
  Real x[n](each start = 1, each fixed = true);
  Real y(start = 2, fixed = true) "decays at twiceK";
equation
  for i in 1:n loop
    der(x[i]) = -k * x[i];
  end for;
  der(y) = -twiceK * y;
  annotation(experiment(StopTime = 1, Tolerance = 1e-8));
end Decay;
