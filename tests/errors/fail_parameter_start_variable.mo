// RUN: mocc simulate %s -o parameter_start_variable_res.csv
// The start value of a free parameter (fixed = false), from which
// initialization starts, is computed before any variable has a value: it
// cannot come from a variable.
model ParameterStartVariable
  Real x(start = 1, fixed = true);
  parameter Real p(fixed = false, start = x);
initial equation
  p = 2;
equation
  der(x) = -p * x;
end ParameterStartVariable;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_parameter_start_variable.mo:7:18: error: the start value of parameter `p` depends on `x`, which is not a parameter
// CHECK:STDERR:   parameter Real p(fixed = false, start = x);
// CHECK:STDERR:                  ^
