// RUN: mocc simulate %s -o parameter_cycle_res.csv
// The bindings of `a` and `b` refer to each other: no order computes them.
model ParameterCycle
  parameter Real a = b;
  parameter Real b = 2 * a;
  Real x(start = 1, fixed = true);
equation
  der(x) = -b * x;
end ParameterCycle;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_parameter_cycle.mo:4:18: error: the binding of parameter `a` depends on itself
// CHECK:STDERR:   parameter Real a = b;
// CHECK:STDERR:                  ^
