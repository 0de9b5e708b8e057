// A latch fired by a timer (the MSL's Timer and IdealThyristor, reduced):
// at each rise of the voltage the timer restarts (entryTime = time) and the
// latch may open only once the timer has run for `delay`. All equations of
// an event hold together (MLS 8.6): at the rise, y = time - entryTime is 0
// with the new entryTime, so `fire` is false and the latch stays off.
model DelayedFiring
  parameter Real f = 50 "frequency of the voltage";
  parameter Real delay = 0.0016 "firing delay after each rise";
  Real s = sin(2 * Modelica.Constants.pi * f * time) "voltage";
  Boolean u = s > 0;
  discrete Real entryTime(start = 0, fixed = true);
  Real y "time since the last rise";
  Boolean fire = y >= delay;
  Boolean off(start = true, fixed = true);
  // reinit() of a value by itself runs once per event, though the event's
  // assignments are repeated until they agree with the continuous part.
  Real x(start = 1, fixed = true);
equation
  when u then
    entryTime = time;
  end when;
  y = if u then time - entryTime else 0;
  off = s < 0 or pre(off) and not fire;
  der(x) = 0;
  when u then
    reinit(x, 2 * x);
  end when;
  annotation(experiment(StopTime = 0.05));
end DelayedFiring;
