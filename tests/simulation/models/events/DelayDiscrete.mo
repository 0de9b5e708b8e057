// The transport delay of Modelica.Electrical.Digital: k steps up at the
// samples 0.25, 1.25 and 2.25; kd, its delay by 0.5 through a Real, steps
// up at 0.75, 1.75 and 2.75, at events (no step passes them), where
// change(kd) fires and counts.
model DelayDiscrete
  Integer k(start = 0, fixed = true);
  Real kr;
  Integer kd;
  Integer count(start = 0, fixed = true);
equation
  when sample(0.25, 1) then
    k = pre(k) + 1;
  end when;
  kr = k;
  kd = integer(delay(kr, 0.5));
  when change(kd) then
    count = pre(count) + 1;
  end when;
  annotation(experiment(StopTime = 3, Interval = 0.1));
end DelayDiscrete;
