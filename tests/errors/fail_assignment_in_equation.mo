// RUN: mocc parse %s
// `:=` belongs in algorithms, `=` in equations.
model M
  Real x;
equation
  x := 1;
algorithm
  x = 2;
end M;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_assignment_in_equation.mo:6:5: error: unexpected `:=` in an equation; use `=`
// CHECK:STDERR:   x := 1;
// CHECK:STDERR:     ^~
// CHECK:STDERR: fail_assignment_in_equation.mo:8:5: error: unexpected `=` in a statement; use `:=` for assignment
// CHECK:STDERR:   x = 2;
// CHECK:STDERR:     ^
