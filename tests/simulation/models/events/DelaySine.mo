// x = delay(sin(time), 0.5) is sin(0) = 0 up to t = 0.5 (expr at the start
// time, MLS 3.7.4.1) and sin(t - 0.5) after; y integrates it, so y = 0 up to
// 0.5 and 1 - cos(t - 0.5) after. z = delay(x, T, 1) with a delay time that
// varies from 0.2 to 0.4: sin(t - 0.5 - T) where t - T > 0.5.
model DelaySine
  parameter Real d = 0.5;
  Real x = delay(sin(time), d);
  Real T = 0.2 + 0.1 * time;
  Real z = delay(x, T, 1);
  Real y(start = 0, fixed = true);
equation
  der(y) = x;
  annotation(experiment(StopTime = 2, Interval = 0.01));
end DelaySine;
