// RUN: mocc flatten %s
model BindingType
  Boolean b = 1.5;
  Integer i = 2.5;
  Real ok = 3;
end BindingType;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_binding_type.mo:3:15: error: type mismatch: `b` is of type `Boolean` but its binding is a Real expression
// CHECK:STDERR:   Boolean b = 1.5;
// CHECK:STDERR:               ^~~
// CHECK:STDERR: fail_binding_type.mo:4:15: error: type mismatch: `i` is of type `Integer` but its binding is a Real expression
// CHECK:STDERR:   Integer i = 2.5;
// CHECK:STDERR:               ^~~
