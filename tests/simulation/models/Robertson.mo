model Robertson "Robertson's stiff chemical kinetics (1966), with the conservation law as an algebraic equation"
  parameter Real k1 = 0.04;
  parameter Real k2 = 3e7;
  parameter Real k3 = 1e4;
  Real y1(start = 1, fixed = true);
  Real y2(start = 0, fixed = true);
  Real y3 "determined by conservation";
equation
  der(y1) = -k1 * y1 + k3 * y2 * y3;
  der(y2) = k1 * y1 - k3 * y2 * y3 - k2 * y2^2;
  y1 + y2 + y3 = 1;
  annotation(experiment(StopTime = 40, Tolerance = 1e-8));
end Robertson;
