// RUN: mocc check %s
// An element is modified at most once in a modification (MLS 7.2.4).
model ModifiedTwice
  model C1
    parameter Real x[3];
  end C1;
  C1 c(x = ones(3), x = {1, 2, 3});
end ModifiedTwice;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_modified_twice.mo:7:21: error: `x` is modified twice in one modification
// CHECK:STDERR:   C1 c(x = ones(3), x = {1, 2, 3});
// CHECK:STDERR:                     ^~~~~~~~~~~~~
// CHECK:STDERR: fail_modified_twice.mo:7:8: note: the first modification
// CHECK:STDERR:   C1 c(x = ones(3), x = {1, 2, 3});
// CHECK:STDERR:        ^~~~~~~~~~~
