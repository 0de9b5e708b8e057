// RUN: mocc check %s
model HighIndexSingular "x is determined twice (by its derivative and by time); y and z share one equation"
  Real x, y, z;
equation
  der(x) = 1;
  x = time;
  y + z = 0;
end HighIndexSingular;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_high_index_singular.mo:2:7: error: the model is structurally singular: 2 equations determine only 1 variable
// CHECK:STDERR: model HighIndexSingular "x is determined twice (by its derivative and by time); y and z share one equation"
// CHECK:STDERR:       ^~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_high_index_singular.mo:5:3: note: equation `der(x) = 1`
// CHECK:STDERR:   der(x) = 1;
// CHECK:STDERR:   ^~~~~~~~~~
// CHECK:STDERR: fail_high_index_singular.mo:6:3: note: equation `x = time`
// CHECK:STDERR:   x = time;
// CHECK:STDERR:   ^~~~~~~~
// CHECK:STDERR: fail_high_index_singular.mo:3:8: note: variable `x`
// CHECK:STDERR:   Real x, y, z;
// CHECK:STDERR:        ^
// CHECK:STDERR: fail_high_index_singular.mo:2:7: error: the model is structurally singular: 2 variables appear in only 1 equation
// CHECK:STDERR: model HighIndexSingular "x is determined twice (by its derivative and by time); y and z share one equation"
// CHECK:STDERR:       ^~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_high_index_singular.mo:3:11: note: variable `y`
// CHECK:STDERR:   Real x, y, z;
// CHECK:STDERR:           ^
// CHECK:STDERR: fail_high_index_singular.mo:3:14: note: variable `z`
// CHECK:STDERR:   Real x, y, z;
// CHECK:STDERR:              ^
// CHECK:STDERR: fail_high_index_singular.mo:7:3: note: equation `y + z = 0`
// CHECK:STDERR:   y + z = 0;
// CHECK:STDERR:   ^~~~~~~~~
