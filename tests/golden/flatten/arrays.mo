// RUN: mocc flatten %s
model Arrays "array constructors, slices, matrix products and reductions"
  parameter Real A[2, 3] = [1, 2, 3; 4, 5, 6];
  parameter Real w[3] = {1, 0, -1};
  Real y[2];
  Real s;
  Real m[2, 2];
  Real c[3];
equation
  y = A * w;
  s = sum(A[2, :]) + max(w) + product({2, 3});
  m = A[:, 1:2] * transpose(A[:, 2:3]);
  c = cross({1, 0, 0}, w) + 2 * w[{3, 2, 1}];
end Arrays;

// CHECK:STDOUT: class Arrays
// CHECK:STDOUT:   parameter Real A[1,1] = 1;
// CHECK:STDOUT:   parameter Real A[1,2] = 2;
// CHECK:STDOUT:   parameter Real A[1,3] = 3;
// CHECK:STDOUT:   parameter Real A[2,1] = 4;
// CHECK:STDOUT:   parameter Real A[2,2] = 5;
// CHECK:STDOUT:   parameter Real A[2,3] = 6;
// CHECK:STDOUT:   parameter Real w[1] = 1;
// CHECK:STDOUT:   parameter Real w[2] = 0;
// CHECK:STDOUT:   parameter Real w[3] = -1;
// CHECK:STDOUT:   Real y[1];
// CHECK:STDOUT:   Real y[2];
// CHECK:STDOUT:   Real s;
// CHECK:STDOUT:   Real m[1,1];
// CHECK:STDOUT:   Real m[1,2];
// CHECK:STDOUT:   Real m[2,1];
// CHECK:STDOUT:   Real m[2,2];
// CHECK:STDOUT:   Real c[1];
// CHECK:STDOUT:   Real c[2];
// CHECK:STDOUT:   Real c[3];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   y[1] = A[1,1] * w[1] + A[1,2] * w[2] + A[1,3] * w[3];
// CHECK:STDOUT:   y[2] = A[2,1] * w[1] + A[2,2] * w[2] + A[2,3] * w[3];
// CHECK:STDOUT:   s = A[2,1] + A[2,2] + A[2,3] + max(max(w[1], w[2]), w[3]) + 6;
// CHECK:STDOUT:   m[1,1] = A[1,1] * A[1,2] + A[1,2] * A[1,3];
// CHECK:STDOUT:   m[1,2] = A[1,1] * A[2,2] + A[1,2] * A[2,3];
// CHECK:STDOUT:   m[2,1] = A[2,1] * A[1,2] + A[2,2] * A[1,3];
// CHECK:STDOUT:   m[2,2] = A[2,1] * A[2,2] + A[2,2] * A[2,3];
// CHECK:STDOUT:   c[1] = 2 * w[3];
// CHECK:STDOUT:   c[2] = -w[3] + 2 * w[2];
// CHECK:STDOUT:   c[3] = w[2] + 2 * w[1];
// CHECK:STDOUT: end Arrays;
