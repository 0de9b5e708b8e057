// RUN: mocc flatten %s
// semiLinear(x, k+, k-) (MLS 3.7.4.5) is k+ x for x >= 0, else k- x;
// continuous, so it generates no event (smooth of order 0).
model SemiLinear
  parameter Real kp = 2, kn = 3;
  Real x = time - 0.5;
  Real y = semiLinear(x, kp, kn);
end SemiLinear;

// CHECK:STDOUT: class SemiLinear
// CHECK:STDOUT:   parameter Real kp = 2;
// CHECK:STDOUT:   parameter Real kn = 3;
// CHECK:STDOUT:   Real x;
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   x = time - 0.5;
// CHECK:STDOUT:   y = smooth(0, if x >= 0 then kp * x else kn * x);
// CHECK:STDOUT: end SemiLinear;
