// RUN: mocc simulate %s -o parameter_start_cycle_res.csv
// The start value of the free parameter `a` (fixed = false) comes from `b`,
// which is computed from `a`: the parameters cannot be computed in any
// order.
model ParameterStartCycle
  parameter Real a(fixed = false, start = b);
  parameter Real b = 2 * a;
  Real x(start = 1, fixed = true);
initial equation
  a = 1;
equation
  der(x) = -b * x;
end ParameterStartCycle;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_parameter_start_cycle.mo:6:18: error: the start value of parameter `a` depends on itself
// CHECK:STDERR:   parameter Real a(fixed = false, start = b);
// CHECK:STDERR:                  ^
