// RUN: mocc check %s
// A Real parameter that is not a number is an error too; a branch not
// taken may divide by zero.
model LogNegativeParameter
  parameter Real p = log(-1);
  parameter Integer m = 0;
  parameter Integer n = if m > 0 then mod(5, m) else 0;
  Real x = (p + n) * time;
end LogNegativeParameter;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_log_negative_parameter.mo:5:22: error: the argument of `log` is -1, outside its domain: it must be positive
// CHECK:STDERR:   parameter Real p = log(-1);
// CHECK:STDERR:                      ^~~~~~~
