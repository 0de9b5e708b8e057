// RUN: mocc flatten %s
model ForLoops "for-equations with several iterators and a parameter-dependent size"
  parameter Integer n = 3;
  Real x[n, 2];
equation
  for i in 1:n, j in 1:2 loop
    x[i, j] = i * 10 + j;
  end for;
end ForLoops;

// CHECK:STDOUT: class ForLoops
// CHECK:STDOUT:   parameter Integer n = 3;
// CHECK:STDOUT:   Real x[1,1];
// CHECK:STDOUT:   Real x[1,2];
// CHECK:STDOUT:   Real x[2,1];
// CHECK:STDOUT:   Real x[2,2];
// CHECK:STDOUT:   Real x[3,1];
// CHECK:STDOUT:   Real x[3,2];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   x[1,1] = 11;
// CHECK:STDOUT:   x[1,2] = 12;
// CHECK:STDOUT:   x[2,1] = 21;
// CHECK:STDOUT:   x[2,2] = 22;
// CHECK:STDOUT:   x[3,1] = 31;
// CHECK:STDOUT:   x[3,2] = 32;
// CHECK:STDOUT: end ForLoops;
