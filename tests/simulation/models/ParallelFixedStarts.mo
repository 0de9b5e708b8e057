// Two variables that alias elimination makes one (v1 = v2: two capacitors in
// parallel), each with fixed = true and the same start value: the equation
// v = 1 comes twice and is kept once (MLS 8.6); the initialization was
// "overdetermined". der(v) = i1 = i2 and i1 + i2 = -v give v = exp(-t/2).
// tests/errors/fail_parallel_fixed_starts.mo: different start values stay
// an error.
model ParallelFixedStarts
  Real v1(start = 1, fixed = true);
  Real v2(start = 1, fixed = true);
  Real i1;
  Real i2;
equation
  v1 = v2;
  der(v1) = i1;
  der(v2) = i2;
  i1 + i2 = -v1;
end ParallelFixedStarts;
