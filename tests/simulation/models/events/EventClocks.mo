model EventClocks "event clocks (MLS 16.3): c ticks where time > 0.25 and sin(2 pi time) > 0 becomes true (0.25, 1, 2, 3), its sub-clock of every second tick (0.25, 2) and its clock shifted by one tick (1, 2, 3); c0's condition cos(2 pi time) > 0 holds at the start, so it ticks there and then at 0.75, 1.75, 2.75; cb ticks once, at the time event of b"
  constant Real pi = 3.141592653589793;
  Clock c = Clock(time > 0.25 and sin(2 * pi * time) > 0, startInterval = 0.5);
  Clock c0 = Clock(cos(2 * pi * time) > 0);
  Boolean b = time >= 1.5;
  Clock cb = Clock(b);
  Integer n(start = 0), n2(start = 0), ns(start = 0), n0(start = 0), nb(start = 0);
  Real dt(start = 0), dt2(start = 0), dt0(start = 0), t0(start = -1), tb(start = -1);
  Real y;
equation
  when c then
    n = previous(n) + 1;
    dt = interval();
  end when;
  when subSample(c, 2) then
    n2 = previous(n2) + 1;
    dt2 = interval();
  end when;
  when shiftSample(c, 1) then
    ns = previous(ns) + 1;
  end when;
  when c0 then
    n0 = previous(n0) + 1;
    t0 = sample(time);
    dt0 = interval();
  end when;
  when cb then
    nb = previous(nb) + 1;
    tb = sample(time);
  end when;
  y = hold(dt);
  annotation(experiment(StopTime = 3.5));
end EventClocks;
