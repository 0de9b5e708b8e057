// RUN: mocc flatten %s
model Final
  model P
    final parameter Real k = 1;
  end P;
  P p(k = 2);
end Final;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_final.mo:6:11: error: cannot modify a final element
// CHECK:STDERR:   P p(k = 2);
// CHECK:STDERR:           ^
// CHECK:STDERR: fail_final.mo:4:30: note: declared final here
// CHECK:STDERR:     final parameter Real k = 1;
// CHECK:STDERR:                              ^
