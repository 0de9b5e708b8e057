// Two slew-rate limiters in a row, the second fed with the derivative of the
// first's output (MSL's Blocks.Examples.SlewRateLimiter without the library):
// the relations of the second limiter read der(yv). Read from IDA's y' they
// flipped back at every restart (chattering); read from the explicit
// equation of der(yv) they switch once.
model SlewRate
  parameter Real Td = 1e-4;
  Real s "the reference: a step to 1 at t = 0.1";
  Real yv(start = 0, fixed = true) "position, rate-limited to 2";
  Real ya(start = 0, fixed = true) "velocity, rate-limited to 20";
  Real v, valv, vala;
equation
  s = if time < 0.1 then 0 else 1;
  valv = (s - yv) / Td;
  der(yv) = if valv > 2 then 2 else if valv < -2 then -2 else valv;
  v = der(yv);
  vala = (v - ya) / Td;
  der(ya) = if vala > 20 then 20 else if vala < -20 then -20 else vala;
  annotation(experiment(StopTime = 1));
end SlewRate;
