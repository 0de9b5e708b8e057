// RUN: mocc check %s
// integer() of a value beyond the 32 bits of Integer, as a constant and
// through a parameter.
model IntegerRange
  parameter Integer n = integer(1e300);
  parameter Real big = -3e9;
  parameter Integer m = integer(big);
  Real x = (n + m) * time;
end IntegerRange;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_integer_range.mo:5:25: error: `integer(1e300)` is 1e+300, outside the range of Integer (-2147483648 to 2147483647)
// CHECK:STDERR:   parameter Integer n = integer(1e300);
// CHECK:STDERR:                         ^~~~~~~~~~~~~~
// CHECK:STDERR: fail_integer_range.mo:7:25: error: the value of the Integer parameter `m` is -3e+09, outside the range of Integer (-2147483648 to 2147483647)
// CHECK:STDERR:   parameter Integer m = integer(big);
// CHECK:STDERR:                         ^~~~~~~~~~~~
