// RUN: mocc check %s
// mod(m, m - 5) with m = 5 divides by zero; k, which uses n, is not
// reported again.
model ModZeroParameter
  parameter Integer m = 5;
  parameter Integer n = mod(m, m - 5);
  parameter Integer k = n + 1;
  Real x = k * time;
end ModZeroParameter;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_mod_zero_parameter.mo:6:25: error: the value of parameter `n` is NaN: division by zero: `mod(m, m - 5)` with `m` = 5, `m - 5` = 0
// CHECK:STDERR:   parameter Integer n = mod(m, m - 5);
// CHECK:STDERR:                         ^~~~~~~~~~~~~
