// Discrete variables at initialization (MLS 8.6): fixed = true on a
// discrete variable that no when-clause assigns means pre(v) = v.start, not
// v = v.start; an initial equation may give pre(v) instead (as
// Blocks.Math.MultiSwitch does with pre(u) = fill(false, nu)).
model DiscreteStart
  Real x(start = 1, fixed = true);
  Boolean latched(start = true, fixed = true) "stays true until x falls below 0.5";
  Boolean low;
  Boolean wasLow;
initial equation
  pre(low) = true;
equation
  der(x) = -x;
  latched = pre(latched) and x >= 0.5;
  low = x < 0.25;
  wasLow = pre(low);
  annotation(experiment(StopTime = 2, Tolerance = 1e-10));
end DiscreteStart;
