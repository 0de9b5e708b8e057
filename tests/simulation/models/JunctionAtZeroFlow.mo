model JunctionAtZeroFlow "A junction of three mass-less ports (enthalpy flows H = semiLinear(m, hj,
  s) out of the node, their sum zero) with no flow until t = 0.5, then m1 = t - 0.5, m2 = 2 m1 out
  and 3 m1 in through the third port. At zero flow hj is the mean of the ports' enthalpies (2),
  then the incoming one (3)."
  parameter Real sa = 1, sb = 2, sc = 3;
  Real m1, m2, H1, H2, H3, hj;
  Real x(start = 0, fixed = true) "the integral of hj";
equation
  m1 = if time < 0.5 then 0 else time - 0.5;
  m2 = 2 * m1;
  H1 = semiLinear(m1, hj, sa);
  H2 = semiLinear(m2, hj, sb);
  H3 = semiLinear(-m1 - m2, hj, sc);
  H1 + H2 + H3 = 0;
  der(x) = hj;
  annotation(experiment(StopTime = 1));
end JunctionAtZeroFlow;
