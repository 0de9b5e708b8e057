// Parameters in the result file: bound, computed from others, found by
// initialization (fixed = false), Integer (an array size), Boolean,
// protected; the model's constants too (Dymola's results hold them, and the
// MSL's references compare them); not String parameters.
model ParametersInResults
  parameter Integer n = 2;
  parameter Real a = 0.5;
  parameter Real b = 2 * a;
  parameter Real c(fixed = false, start = 1);
  parameter Boolean on = true;
  parameter String label = "text";
  constant Real k = 5;
  Real x[n](each start = 1, each fixed = true);
protected
  parameter Real hidden = 7;
initial equation
  c = 3 * b;
equation
  for i in 1:n loop
    der(x[i]) = -a * x[i];
  end for;
end ParametersInResults;
