// RUN: mocc flatten %s
// sum and product with iterators over an array expression are arrays of the
// expression's shape, added (multiplied) elementwise over the iterations (MLS
// 10.3.4.1: the result has the type of e), not the sum of every element of
// the comprehension (Modelica.Fluid's pump curves: max(sum(... for i in 3:N))).
model ReductionArrayBody
  parameter Real v[3] = {1, 2, 3};
  parameter Real c[4] = {1, 1, 1, 1};
  Real s[3] = sum((i - 1) * v .^ (i - 2) * c[i] for i in 3:4);
  Real m = max(sum((i - 1) * v .^ (i - 2) * c[i] for i in 3:4));
  Real p[2] = product({i, 2 * i} for i in 1:3);
  Real t = sum(i * j for i in 1:2, j in 1:3);
end ReductionArrayBody;

// CHECK:STDOUT: class ReductionArrayBody
// CHECK:STDOUT:   parameter Real v[1] = 1;
// CHECK:STDOUT:   parameter Real v[2] = 2;
// CHECK:STDOUT:   parameter Real v[3] = 3;
// CHECK:STDOUT:   parameter Real c[1] = 1;
// CHECK:STDOUT:   parameter Real c[2] = 1;
// CHECK:STDOUT:   parameter Real c[3] = 1;
// CHECK:STDOUT:   parameter Real c[4] = 1;
// CHECK:STDOUT:   Real s[1];
// CHECK:STDOUT:   Real s[2];
// CHECK:STDOUT:   Real s[3];
// CHECK:STDOUT:   Real m;
// CHECK:STDOUT:   Real p[1];
// CHECK:STDOUT:   Real p[2];
// CHECK:STDOUT:   Real t;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   s[1] = 2 * v[1] * c[3] + 3 * v[1]^2 * c[4];
// CHECK:STDOUT:   s[2] = 2 * v[2] * c[3] + 3 * v[2]^2 * c[4];
// CHECK:STDOUT:   s[3] = 2 * v[3] * c[3] + 3 * v[3]^2 * c[4];
// CHECK:STDOUT:   m = max(max(2 * v[1] * c[3] + 3 * v[1]^2 * c[4], 2 * v[2] * c[3] + 3 * v[2]^2 * c[4]), 2 * v[3] * c[3] + 3 * v[3]^2 * c[4]);
// CHECK:STDOUT:   p[1] = 6;
// CHECK:STDOUT:   p[2] = 48;
// CHECK:STDOUT:   t = 18;
// CHECK:STDOUT: end ReductionArrayBody;
