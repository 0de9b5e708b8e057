// RUN: mocc flatten %s
// A record constant without a binding whose field has no value either.
record Data
  Real MM;
  Real b = 1;
end Data;
package Gases
  constant Data X(b = 2);
end Gases;
model M
  Real m = Gases.X.b + Gases.X.MM;
end M;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_record_constant_field.mo:4:8: error: constant `MM` has no value
// CHECK:STDERR:   Real MM;
// CHECK:STDERR:        ^~
