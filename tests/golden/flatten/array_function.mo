// RUN: mocc flatten %s -m ArrayFunction.M
package ArrayFunction "array(...) is the array constructor (MLS 10.4.1), in models and functions"
  function squares
    input Integer n;
    output Real y[n];
  protected
    constant Real c[3] = array(1.5, 2.5, 3.5);
  algorithm
    y := array(c[mod(i - 1, 3) + 1] * i ^ 2 for i in 1:n);
  end squares;

  model M
    parameter Real a[3] = array(2 * i for i in 1:3);
    parameter Real b[2, 2] = array({1, 2}, array(3, 4));
    Real y[4] = squares(4);
    Real s;
  equation
    s = sum(a) + sum(b) + sum(y);
  end M;
end ArrayFunction;

// CHECK:STDOUT: function ArrayFunction.squares "mocc_f0_ArrayFunction_squares"
// CHECK:STDOUT:   input Integer n;
// CHECK:STDOUT:   output Real y[4];
// CHECK:STDOUT:   protected Real c[3];
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   c[1] := 1.5;
// CHECK:STDOUT:   c[2] := 2.5;
// CHECK:STDOUT:   c[3] := 3.5;
// CHECK:STDOUT:   y[1] := c[1];
// CHECK:STDOUT:   y[2] := c[2] * 4;
// CHECK:STDOUT:   y[3] := c[3] * 9;
// CHECK:STDOUT:   y[4] := c[1] * 16;
// CHECK:STDOUT: end ArrayFunction.squares;
// CHECK:STDOUT:
// CHECK:STDOUT: class ArrayFunction.M
// CHECK:STDOUT:   parameter Real a[1] = 2;
// CHECK:STDOUT:   parameter Real a[2] = 4;
// CHECK:STDOUT:   parameter Real a[3] = 6;
// CHECK:STDOUT:   parameter Real b[1,1] = 1;
// CHECK:STDOUT:   parameter Real b[1,2] = 2;
// CHECK:STDOUT:   parameter Real b[2,1] = 3;
// CHECK:STDOUT:   parameter Real b[2,2] = 4;
// CHECK:STDOUT:   Real y[1];
// CHECK:STDOUT:   Real y[2];
// CHECK:STDOUT:   Real y[3];
// CHECK:STDOUT:   Real y[4];
// CHECK:STDOUT:   Real s;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   y[1] = ArrayFunction.squares(4);
// CHECK:STDOUT:   y[2] = (ArrayFunction.squares(4))[2];
// CHECK:STDOUT:   y[3] = (ArrayFunction.squares(4))[3];
// CHECK:STDOUT:   y[4] = (ArrayFunction.squares(4))[4];
// CHECK:STDOUT:   s = a[1] + a[2] + a[3] + (b[1,1] + b[1,2] + (b[2,1] + b[2,2])) + (y[1] + y[2] + (y[3] + y[4]));
// CHECK:STDOUT: end ArrayFunction.M;
