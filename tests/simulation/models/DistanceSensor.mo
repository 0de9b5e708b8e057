model DistanceSensor "an index-2 model: the output of a distance sensor is differentiated"
  Real x(start = 1, fixed = true), v(start = 0, fixed = true) "a harmonic oscillator";
  Real d "distance from (0, 1)";
  Real s "the rate of change of d";
equation
  der(x) = v;
  der(v) = -x;
  d = sqrt(x^2 + 1);
  s = der(d);
  annotation(experiment(StopTime = 4, Tolerance = 1e-8));
end DistanceSensor;
