// RUN: mocc parse %s
// `^` is not associative in Modelica, and comparisons cannot be chained.
model M
  Real x = 2^3^2;
  Boolean b = 1 < 2 < 3;
end M;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_power_not_associative.mo:4:15: error: operator `^` is not associative; add parentheses, as in `(a^b)^c`
// CHECK:STDERR:   Real x = 2^3^2;
// CHECK:STDERR:               ^
// CHECK:STDERR: fail_power_not_associative.mo:5:21: error: comparison operators cannot be chained; add parentheses
// CHECK:STDERR:   Boolean b = 1 < 2 < 3;
// CHECK:STDERR:                     ^
