// RUN: mocc check %s
// Sizes that depend on each other are an error, not an endless recursion.
model SizeCycle
  Real x[size(y, 1)];
  Real y[size(x, 1)];
end SizeCycle;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_size_cycle.mo:4:8: error: the size of `x` depends on itself
// CHECK:STDERR:   Real x[size(y, 1)];
// CHECK:STDERR:        ^
