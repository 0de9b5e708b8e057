// RUN: mocc flatten %s
// Found by the flatten fuzz target: a component whose class is undeclared,
// used in a relation, crashed; only the undeclared class is reported.
model UndeclaredClassUse
  parameter Real a = 2;
  Rejl x;
  Boolean on = x > a;
end UndeclaredClassUse;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_undeclared_class_use.mo:6:3: error: use of undeclared class `Rejl`
// CHECK:STDERR:   Rejl x;
// CHECK:STDERR:   ^~~~
