model MasslessChain "Two mass-less two-ports in series between a source (ha) and a sink (hb), as
  FluidHeatFlow's pumps: each energy balance H_a + H_b + Q = 0 comes before its Q = 0, so it is
  no alias but links the two enthalpy flows, and the flow is zero until t = 0.5, then reverses.
  MLS 3.7.4.5 rule 1 over the linked chain ha -> h1 -> hc -> h2 -> hb gives each inner enthalpy
  the upstream one (ha at zero flow, where x >= 0) instead of a singular Jacobian."
  parameter Real ha = 100, hb = 300;
  Real m "flow from the source to the sink";
  Real H1a, H1b, Q1, h1, H2a, H2b, Q2, h2, hc;
  Real x(start = 0, fixed = true) "the integral of h2";
equation
  m = if time < 0.5 then 0 else 0.5 - time;
  H1a + H1b + Q1 = 0;
  H1a = semiLinear(m, ha, h1);
  H1b = semiLinear(-m, hc, h1);
  Q1 = 0;
  H2a + H2b + Q2 = 0;
  H2a = semiLinear(m, hc, h2);
  H2b = semiLinear(-m, hb, h2);
  Q2 = 0;
  H1b + H2a = 0 "the flow sum of the connection at c";
  der(x) = h2;
  annotation(experiment(StopTime = 1));
end MasslessChain;
