// A small model that simulates in well under a second.
model Decay
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
end Decay;
