// RUN: mocc flatten %s
model Delay "delay(expr, delayTime) and delay(expr, delayTime, delayMax) (MLS 3.7.4.1)"
  parameter Real T = 0.5;
  parameter Real Tmax = 2;
  Real x = sin(time);
  Real y = delay(x, T);
  Real z[2] = delay({x, 2 * x}, T * (1 + time), Tmax);
  Real w = delay(x, 0);
end Delay;

// CHECK:STDOUT: class Delay
// CHECK:STDOUT:   parameter Real T = 0.5;
// CHECK:STDOUT:   parameter Real Tmax = 2;
// CHECK:STDOUT:   Real x;
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT:   Real z[1];
// CHECK:STDOUT:   Real z[2];
// CHECK:STDOUT:   Real w;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   x = sin(time);
// CHECK:STDOUT:   y = delay(x, T, T);
// CHECK:STDOUT:   z[1] = delay(x, T * (1 + time), Tmax);
// CHECK:STDOUT:   z[2] = delay(2 * x, T * (1 + time), Tmax);
// CHECK:STDOUT:   w = x;
// CHECK:STDOUT:   assert(T * (1 + time) >= 0 and T * (1 + time) <= Tmax, "the delay time of `delay` is " + String(T * (1 + time)) + ", outside [0, " + String(Tmax) + "]");
// CHECK:STDOUT: end Delay;
