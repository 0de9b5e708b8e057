// RUN: mocc parse %s
// A missing `;` is reported just after the declaration it should end; the
// parser goes on and reports the next error too.
model M
  Real x
  Real y;
equation
  y = (x + );
end M;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_missing_semicolon.mo:5:9: error: expected `;` after the component declaration
// CHECK:STDERR:   Real x
// CHECK:STDERR:         ^
// CHECK:STDERR: fail_missing_semicolon.mo:8:12: error: unexpected `)`; expected an expression
// CHECK:STDERR:   y = (x + );
// CHECK:STDERR:            ^
