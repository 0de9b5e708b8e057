// RUN: mocc simulate %s -o parallel_res.csv
// Two variables made one by alias elimination, each with fixed = true but
// with different start values: the two equations contradict each other and
// the initialization is overdetermined (the same start value twice is one
// equation: tests/simulation/models/ParallelFixedStarts.mo).
model ParallelFixedStartsDiffer
  Real v1(start = 1, fixed = true);
  Real v2(start = 2, fixed = true);
  Real i1;
  Real i2;
equation
  v1 = v2;
  der(v1) = i1;
  der(v2) = i2;
  i1 + i2 = -v1;
end ParallelFixedStartsDiffer;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_parallel_fixed_starts.mo:6:7: error: the initialization problem is overdetermined (5 equations for 4 unknowns): 2 equations determine only 1 variable
// CHECK:STDERR: model ParallelFixedStartsDiffer
// CHECK:STDERR:       ^~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_parallel_fixed_starts.mo:7:8: note: equation `v1 = 1`
// CHECK:STDERR:   Real v1(start = 1, fixed = true);
// CHECK:STDERR:        ^~
// CHECK:STDERR: fail_parallel_fixed_starts.mo:8:8: note: equation `v1 = 2`
// CHECK:STDERR:   Real v2(start = 2, fixed = true);
// CHECK:STDERR:        ^~
// CHECK:STDERR: fail_parallel_fixed_starts.mo:7:8: note: variable `v1`
// CHECK:STDERR:   Real v1(start = 1, fixed = true);
// CHECK:STDERR:        ^~
