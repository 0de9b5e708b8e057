// RUN: mocc check %s
model Singular "as many equations as unknowns, but two of them determine only one variable"
  Real a, b, c;
equation
  a = 2 * sin(time);
  a + 1 = cos(time);
  b + c = a;
end Singular;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_singular.mo:2:7: error: the model is structurally singular: 2 equations determine only 1 variable
// CHECK:STDERR: model Singular "as many equations as unknowns, but two of them determine only one variable"
// CHECK:STDERR:       ^~~~~~~~
// CHECK:STDERR: fail_singular.mo:5:3: note: equation `a = 2 * sin(time)`
// CHECK:STDERR:   a = 2 * sin(time);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_singular.mo:6:3: note: equation `a + 1 = cos(time)`
// CHECK:STDERR:   a + 1 = cos(time);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_singular.mo:3:8: note: variable `a`
// CHECK:STDERR:   Real a, b, c;
// CHECK:STDERR:        ^
// CHECK:STDERR: fail_singular.mo:2:7: error: the model is structurally singular: 2 variables appear in only 1 equation
// CHECK:STDERR: model Singular "as many equations as unknowns, but two of them determine only one variable"
// CHECK:STDERR:       ^~~~~~~~
// CHECK:STDERR: fail_singular.mo:3:11: note: variable `b`
// CHECK:STDERR:   Real a, b, c;
// CHECK:STDERR:           ^
// CHECK:STDERR: fail_singular.mo:3:14: note: variable `c`
// CHECK:STDERR:   Real a, b, c;
// CHECK:STDERR:              ^
// CHECK:STDERR: fail_singular.mo:7:3: note: equation `b + c = a`
// CHECK:STDERR:   b + c = a;
// CHECK:STDERR:   ^~~~~~~~~
