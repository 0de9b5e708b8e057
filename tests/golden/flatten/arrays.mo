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
