// RUN: mocc parse %s
// The file ends inside a class.
model M
  Real x;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_no_end.mo:4:10: error: expected `end M;` before the end of the file
// CHECK:STDERR:   Real x;
// CHECK:STDERR:          ^
// CHECK:STDERR: fail_no_end.mo:3:7: note: class `M` starts here
// CHECK:STDERR: model M
// CHECK:STDERR:       ^
