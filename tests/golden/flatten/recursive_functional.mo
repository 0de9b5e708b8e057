// RUN: mocc flatten %s
// A function with a functional input that calls itself (an adaptive
// quadrature, as Modelica.Math.Nonlinear.quadratureLobatto's quadStep) is
// inlined at its first call, since its argument is a function (MLS 12.4.2),
// but its recursive calls are one specialization on the function passed, not
// a copy of the body per level: two calls per level inlined eight levels deep
// were 2^8 copies, and quadStep's six calls per level did not finish.
model RecursiveFunctional
  partial function Integrand
    input Real x;
    output Real y;
  end Integrand;

  function wave
    extends Integrand;
    input Real w;
  algorithm
    y := sin(w * x);
  end wave;

  function simpson "Adaptive Simpson rule on [a, b]"
    input Integrand f;
    input Real a;
    input Real b;
    input Real whole "Simpson's rule on [a, b]";
    input Real tolerance;
    output Real integral;
  protected
    Real m = (a + b) / 2;
    Real left;
    Real right;
  algorithm
    left := (m - a) / 6 * (f(a) + 4 * f((a + m) / 2) + f(m));
    right := (b - m) / 6 * (f(m) + 4 * f((m + b) / 2) + f(b));
    if abs(left + right - whole) <= 15 * tolerance then
      integral := left + right + (left + right - whole) / 15;
    else
      integral := simpson(f, a, m, left, tolerance / 2) + simpson(f, m, b, right, tolerance / 2);
    end if;
  end simpson;

  Real I = simpson(function wave(w = 2), 0, time + 1, (time + 1) / 6 * (4 * sin(time + 1) + sin(2 * time + 2)), 1e-10);
end RecursiveFunctional;

// CHECK:STDOUT: function RecursiveFunctional.wave "mocc_f0_RecursiveFunctional_wave"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   input Real w;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := sin(w * x);
// CHECK:STDOUT: end RecursiveFunctional.wave;
// CHECK:STDOUT:
// CHECK:STDOUT: function RecursiveFunctional.simpson "mocc_f1_RecursiveFunctional_simpson"
// CHECK:STDOUT:   input Real f.w;
// CHECK:STDOUT:   input Real a;
// CHECK:STDOUT:   input Real b;
// CHECK:STDOUT:   input Real whole;
// CHECK:STDOUT:   input Real tolerance;
// CHECK:STDOUT:   output Real integral;
// CHECK:STDOUT:   protected Real m;
// CHECK:STDOUT:   protected Real left;
// CHECK:STDOUT:   protected Real right;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   m := (a + b) / 2;
// CHECK:STDOUT:   left := (m - a) / 6 * (RecursiveFunctional.wave(a, f.w) + 4 * RecursiveFunctional.wave((a + m) / 2, f.w) + RecursiveFunctional.wave(m, f.w));
// CHECK:STDOUT:   right := (b - m) / 6 * (RecursiveFunctional.wave(m, f.w) + 4 * RecursiveFunctional.wave((m + b) / 2, f.w) + RecursiveFunctional.wave(b, f.w));
// CHECK:STDOUT:   if abs(left + right - whole) <= 15 * tolerance then
// CHECK:STDOUT:     integral := left + right + (left + right - whole) / 15;
// CHECK:STDOUT:   else
// CHECK:STDOUT:     integral := RecursiveFunctional.simpson(f.w, a, m, left, tolerance / 2) + RecursiveFunctional.simpson(f.w, m, b, right, tolerance / 2);
// CHECK:STDOUT:   end if;
// CHECK:STDOUT: end RecursiveFunctional.simpson;
// CHECK:STDOUT:
// CHECK:STDOUT: class RecursiveFunctional
// CHECK:STDOUT:   Real I;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   I = if not noEvent(abs((time + 1) / 2 / 6 * (RecursiveFunctional.wave(0, 2) + 4 * RecursiveFunctional.wave((time + 1) / 2 / 2, 2) + RecursiveFunctional.wave((time + 1) / 2, 2)) + (time + 1 - (time + 1) / 2) / 6 * (RecursiveFunctional.wave((time + 1) / 2, 2) + 4 * RecursiveFunctional.wave(((time + 1) / 2 + (time + 1)) / 2, 2) + RecursiveFunctional.wave(time + 1, 2)) - (time + 1) / 6 * (4 * sin(time + 1) + sin(2 * time + 2))) <= 1.5e-09) then RecursiveFunctional.simpson(2, 0, (time + 1) / 2, (time + 1) / 2 / 6 * (RecursiveFunctional.wave(0, 2) + 4 * RecursiveFunctional.wave((time + 1) / 2 / 2, 2) + RecursiveFunctional.wave((time + 1) / 2, 2)), 5e-11) + RecursiveFunctional.simpson(2, (time + 1) / 2, time + 1, (time + 1 - (time + 1) / 2) / 6 * (RecursiveFunctional.wave((time + 1) / 2, 2) + 4 * RecursiveFunctional.wave(((time + 1) / 2 + (time + 1)) / 2, 2) + RecursiveFunctional.wave(time + 1, 2)), 5e-11) else if noEvent(abs((time + 1) / 2 / 6 * (RecursiveFunctional.wave(0, 2) + 4 * RecursiveFunctional.wave((time + 1) / 2 / 2, 2) + RecursiveFunctional.wave((time + 1) / 2, 2)) + (time + 1 - (time + 1) / 2) / 6 * (RecursiveFunctional.wave((time + 1) / 2, 2) + 4 * RecursiveFunctional.wave(((time + 1) / 2 + (time + 1)) / 2, 2) + RecursiveFunctional.wave(time + 1, 2)) - (time + 1) / 6 * (4 * sin(time + 1) + sin(2 * time + 2))) <= 1.5e-09) then (time + 1) / 2 / 6 * (RecursiveFunctional.wave(0, 2) + 4 * RecursiveFunctional.wave((time + 1) / 2 / 2, 2) + RecursiveFunctional.wave((time + 1) / 2, 2)) + (time + 1 - (time + 1) / 2) / 6 * (RecursiveFunctional.wave((time + 1) / 2, 2) + 4 * RecursiveFunctional.wave(((time + 1) / 2 + (time + 1)) / 2, 2) + RecursiveFunctional.wave(time + 1, 2)) + ((time + 1) / 2 / 6 * (RecursiveFunctional.wave(0, 2) + 4 * RecursiveFunctional.wave((time + 1) / 2 / 2, 2) + RecursiveFunctional.wave((time + 1) / 2, 2)) + (time + 1 - (time + 1) / 2) / 6 * (RecursiveFunctional.wave((time + 1) / 2, 2) + 4 * RecursiveFunctional.wave(((time + 1) / 2 + (time + 1)) / 2, 2) + RecursiveFunctional.wave(time + 1, 2)) - (time + 1) / 6 * (4 * sin(time + 1) + sin(2 * time + 2))) / 15 else 0;
// CHECK:STDOUT: end RecursiveFunctional;
