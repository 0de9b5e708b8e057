// RUN: mocc check %s
model RemZeroParameter
  parameter Integer n = rem(5, 0);
  Real x = n * time;
end RemZeroParameter;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_rem_zero_parameter.mo:3:25: error: the value of parameter `n` is NaN: division by zero: `rem(5, 0)`
// CHECK:STDERR:   parameter Integer n = rem(5, 0);
// CHECK:STDERR:                         ^~~~~~~~~
