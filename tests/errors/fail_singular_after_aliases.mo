// RUN: mocc check %s
// As written, `a`, `b` and `c` have an equation each; once `b` is replaced
// by its alias `a`, the second equation no longer contains `a`, and `a` is
// determined by no equation.
model SingularAfterAliases
  Real a, b, c;
equation
  a = b;
  a - b + c = 0;
  c = time;
end SingularAfterAliases;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_singular_after_aliases.mo:5:7: error: the model is structurally singular after alias elimination
// CHECK:STDERR: model SingularAfterAliases
// CHECK:STDERR:       ^~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_singular_after_aliases.mo:10:3: note: equation `0 = time`
// CHECK:STDERR:   c = time;
// CHECK:STDERR:   ^~~~~~~~
