// RUN: mocc check %s
// `^` of a matrix needs a square matrix and a non-negative Integer power.
model MatrixPowerWrong
  Real A[2, 3] = [1, 2, 3; 4, 5, 6];
  Real B[2, 3] = A ^ 2;
end MatrixPowerWrong;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_matrix_power.mo:5:18: error: `^` of a matrix needs a square matrix and a non-negative Integer power known while translating (use `.^` for element-wise powers)
// CHECK:STDERR:   Real B[2, 3] = A ^ 2;
// CHECK:STDERR:                  ^~~~~
