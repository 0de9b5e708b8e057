// RUN: mocc check %s
model TooMany
  Real x(start = 1, fixed = true);
  Real y;
equation
  der(x) = -x;
  y = x;
  y = 2 * x;
end TooMany;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_too_many_equations.mo:2:7: error: the model is overdetermined (3 equations for 2 unknowns): 2 equations determine only 1 variable
// CHECK:STDERR: model TooMany
// CHECK:STDERR:       ^~~~~~~
// CHECK:STDERR: fail_too_many_equations.mo:7:3: note: equation `y = x`
// CHECK:STDERR:   y = x;
// CHECK:STDERR:   ^~~~~
// CHECK:STDERR: fail_too_many_equations.mo:8:3: note: equation `y = 2 * x`
// CHECK:STDERR:   y = 2 * x;
// CHECK:STDERR:   ^~~~~~~~~
// CHECK:STDERR: fail_too_many_equations.mo:4:8: note: variable `y`
// CHECK:STDERR:   Real y;
// CHECK:STDERR:        ^
