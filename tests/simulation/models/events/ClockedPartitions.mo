model ClockedPartitions "a periodic clock of 1/10 s accumulates the sampled time; a sub-clock of every third tick, shifted by one tick, counts its ticks and reads the accumulator; hold() keeps the value between ticks"
  Clock fast = Clock(1, 10);
  Clock slow = shiftSample(subSample(fast, 3), 1, 3);
  Real x(start = 1);
  Real s;
  Integer n(start = 0);
  Real dt;
  Real y;
  Real p(start = 0);
equation
  x = previous(x) + sample(time, fast);
  when slow then
    n = previous(n) + 1;
    s = shiftSample(subSample(x, 3), 1, 3);
    dt = interval();
  end when;
  y = hold(s);
  der(p) = y;
  annotation(experiment(StopTime = 1));
end ClockedPartitions;
