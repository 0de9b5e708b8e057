model MovingTimeEvent "time >= pre(next) with next accumulated in steps of 0.1 from 0.02: time events whose instants lie a rounding error after output times (0.02 + 0.1 = 0.12000000000000001, the output time 0.12)"
  discrete Real next(start = 0.02, fixed = true);
  Integer n(start = 0, fixed = true);
  Real x(start = 0, fixed = true);
equation
  when time >= pre(next) then
    next = pre(next) + 0.1;
    n = pre(n) + 1;
  end when;
  der(x) = if time >= pre(next) - 0.05 then 1 else 0;
  annotation(experiment(StopTime = 1, Interval = 0.01));
end MovingTimeEvent;
