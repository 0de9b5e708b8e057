// RUN: mocc flatten %s -m FunctionConstants.M
// Package constants in the bodies of compiled functions are built in each
// function's own expression pool: two functions compiled one after the
// other (same stack depth, so possibly the same pool address) must each get
// their own value of `pi` (MSL Blocks.Examples.Filter crashed on this).
package FunctionConstants
  package C
    constant Real pi = 2 * asin(1.0);
  end C;
  function first
    import FunctionConstants.C.pi;
    input Real x[:];
    input Real f;
    output Real y[size(x, 1)];
  protected
    Real a = sin(x[1]) * 3 + cos(x[1]) * 5 + exp(f) * 7 + tan(f) * 11;
    Real w = 2 * pi * f;
  algorithm
    y := w * x + a * x;
  end first;
  function second
    import FunctionConstants.C.pi;
    input Real x[:];
    input Real f;
    output Real y[size(x, 1)];
  protected
    Real w = 2 * pi * f;
  algorithm
    y := w * x;
  end second;
  function both
    input Real x[:];
    output Real y[size(x, 1)];
  algorithm
    y := first(x, 2) + second(x, 3);
  end both;
  model M
    Real u[2] = first({time, 1}, 2);
    Real v[2] = second({time, 1}, 3);
    Real z[2] = both({time, 2});
  end M;
end FunctionConstants;

// CHECK:STDOUT: function FunctionConstants.first "mocc_f0_FunctionConstants_first"
// CHECK:STDOUT:   input Real x[2];
// CHECK:STDOUT:   input Real f;
// CHECK:STDOUT:   output Real y[2];
// CHECK:STDOUT:   protected Real a;
// CHECK:STDOUT:   protected Real w;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   a := sin(x[1]) * 3 + cos(x[1]) * 5 + exp(f) * 7 + tan(f) * 11;
// CHECK:STDOUT:   w := 6.283185307179586 * f;
// CHECK:STDOUT:   y[1] := w * x[1] + a * x[1];
// CHECK:STDOUT:   y[2] := w * x[2] + a * x[2];
// CHECK:STDOUT: end FunctionConstants.first;
// CHECK:STDOUT:
// CHECK:STDOUT: function FunctionConstants.second "mocc_f1_FunctionConstants_second"
// CHECK:STDOUT:   input Real x[2];
// CHECK:STDOUT:   input Real f;
// CHECK:STDOUT:   output Real y[2];
// CHECK:STDOUT:   protected Real w;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   w := 6.283185307179586 * f;
// CHECK:STDOUT:   y[1] := w * x[1];
// CHECK:STDOUT:   y[2] := w * x[2];
// CHECK:STDOUT: end FunctionConstants.second;
// CHECK:STDOUT:
// CHECK:STDOUT: function FunctionConstants.both "mocc_f2_FunctionConstants_both"
// CHECK:STDOUT:   input Real x[2];
// CHECK:STDOUT:   output Real y[2];
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y[1] := FunctionConstants.first(x[1], x[2], 2) + FunctionConstants.second(x[1], x[2], 3);
// CHECK:STDOUT:   y[2] := (FunctionConstants.first(x[1], x[2], 2))[2] + (FunctionConstants.second(x[1], x[2], 3))[2];
// CHECK:STDOUT: end FunctionConstants.both;
// CHECK:STDOUT:
// CHECK:STDOUT: class FunctionConstants.M
// CHECK:STDOUT:   Real u[1];
// CHECK:STDOUT:   Real u[2];
// CHECK:STDOUT:   Real v[1];
// CHECK:STDOUT:   Real v[2];
// CHECK:STDOUT:   Real z[1];
// CHECK:STDOUT:   Real z[2];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   u[1] = FunctionConstants.first(time, 1, 2);
// CHECK:STDOUT:   u[2] = (FunctionConstants.first(time, 1, 2))[2];
// CHECK:STDOUT:   v[1] = FunctionConstants.second(time, 1, 3);
// CHECK:STDOUT:   v[2] = (FunctionConstants.second(time, 1, 3))[2];
// CHECK:STDOUT:   z[1] = FunctionConstants.both(time, 2);
// CHECK:STDOUT:   z[2] = (FunctionConstants.both(time, 2))[2];
// CHECK:STDOUT: end FunctionConstants.M;
