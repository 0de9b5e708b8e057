// Slow to compile (20,000 coupled states: seconds of flattening and
// causalization), for a signal that must arrive before the simulation.
model Large
  parameter Integer n = 20000;
  Real x[n](each start = 1, each fixed = true);
equation
  der(x[1]) = -x[1];
  for i in 2:n loop
    der(x[i]) = x[i - 1] - x[i];
  end for;
end Large;
