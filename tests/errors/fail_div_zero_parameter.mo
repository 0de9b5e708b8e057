// RUN: mocc simulate %s -o div_zero_res.csv
// div(1, 0) has no value: an error at the binding, not inf in the results.
model DivZeroParameter
  parameter Integer n = div(1, 0);
  Real x = n * time;
end DivZeroParameter;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_div_zero_parameter.mo:4:25: error: the value of parameter `n` is inf: division by zero: `div(1, 0)`
// CHECK:STDERR:   parameter Integer n = div(1, 0);
// CHECK:STDERR:                         ^~~~~~~~~
