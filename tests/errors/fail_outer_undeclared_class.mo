// RUN: mocc check %s
// An outer component without an inner one: its class is not known either,
// so no default inner component can be made at the top level.
model OuterUndeclaredClass
  model Sub
    outer NoSuchClass u;
  end Sub;
  Sub s;
end OuterUndeclaredClass;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_outer_undeclared_class.mo:6:11: error: use of undeclared class `NoSuchClass`
// CHECK:STDERR:     outer NoSuchClass u;
// CHECK:STDERR:           ^~~~~~~~~~~
// CHECK:STDERR: fail_outer_undeclared_class.mo:6:23: error: no `inner` declaration for the outer component `u`
// CHECK:STDERR:     outer NoSuchClass u;
// CHECK:STDERR:                       ^
