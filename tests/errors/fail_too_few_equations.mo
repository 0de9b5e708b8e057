// RUN: mocc check %s
model TooFew
  Real x(start = 1, fixed = true);
  Real y;
  Real z;
equation
  der(x) = -x;
  y + z = x;
end TooFew;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_too_few_equations.mo:2:7: error: the model is underdetermined (2 equations for 3 unknowns): 2 variables appear in only 1 equation
// CHECK:STDERR: model TooFew
// CHECK:STDERR:       ^~~~~~
// CHECK:STDERR: fail_too_few_equations.mo:4:8: note: variable `y`
// CHECK:STDERR:   Real y;
// CHECK:STDERR:        ^
// CHECK:STDERR: fail_too_few_equations.mo:5:8: note: variable `z`
// CHECK:STDERR:   Real z;
// CHECK:STDERR:        ^
// CHECK:STDERR: fail_too_few_equations.mo:8:3: note: equation `y + z = x`
// CHECK:STDERR:   y + z = x;
// CHECK:STDERR:   ^~~~~~~~~
