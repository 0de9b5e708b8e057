// RUN: mocc flatten %s
// `^` of a square matrix and a non-negative Integer (MLS 10.6.8), and
// symmetric() (MLS 10.3.5).
model MatrixPower
  parameter Real A[2, 2] = [1, 2; 3, 4];
  Real P0[2, 2] = A ^ 0;
  Real P3[2, 2] = A ^ 3;
  Real S[2, 2] = symmetric(A);
end MatrixPower;

// CHECK:STDOUT: class MatrixPower
// CHECK:STDOUT:   parameter Real A[1,1] = 1;
// CHECK:STDOUT:   parameter Real A[1,2] = 2;
// CHECK:STDOUT:   parameter Real A[2,1] = 3;
// CHECK:STDOUT:   parameter Real A[2,2] = 4;
// CHECK:STDOUT:   Real P0[1,1];
// CHECK:STDOUT:   Real P0[1,2];
// CHECK:STDOUT:   Real P0[2,1];
// CHECK:STDOUT:   Real P0[2,2];
// CHECK:STDOUT:   Real P3[1,1];
// CHECK:STDOUT:   Real P3[1,2];
// CHECK:STDOUT:   Real P3[2,1];
// CHECK:STDOUT:   Real P3[2,2];
// CHECK:STDOUT:   Real S[1,1];
// CHECK:STDOUT:   Real S[1,2];
// CHECK:STDOUT:   Real S[2,1];
// CHECK:STDOUT:   Real S[2,2];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   P0[1,1] = 1;
// CHECK:STDOUT:   P0[1,2] = 0;
// CHECK:STDOUT:   P0[2,1] = 0;
// CHECK:STDOUT:   P0[2,2] = 1;
// CHECK:STDOUT:   P3[1,1] = A[1,1] * (A[1,1] * A[1,1] + A[1,2] * A[2,1]) + A[1,2] * (A[2,1] * A[1,1] + A[2,2] * A[2,1]);
// CHECK:STDOUT:   P3[1,2] = A[1,1] * (A[1,1] * A[1,2] + A[1,2] * A[2,2]) + A[1,2] * (A[2,1] * A[1,2] + A[2,2] * A[2,2]);
// CHECK:STDOUT:   P3[2,1] = A[2,1] * (A[1,1] * A[1,1] + A[1,2] * A[2,1]) + A[2,2] * (A[2,1] * A[1,1] + A[2,2] * A[2,1]);
// CHECK:STDOUT:   P3[2,2] = A[2,1] * (A[1,1] * A[1,2] + A[1,2] * A[2,2]) + A[2,2] * (A[2,1] * A[1,2] + A[2,2] * A[2,2]);
// CHECK:STDOUT:   S[1,1] = A[1,1];
// CHECK:STDOUT:   S[1,2] = A[1,2];
// CHECK:STDOUT:   S[2,1] = A[1,2];
// CHECK:STDOUT:   S[2,2] = A[2,2];
// CHECK:STDOUT: end MatrixPower;
