// RUN: mocc flatten %s
// A call's scalarized array arguments print as slices: a run of three or
// more consecutive elements of one array (u[1], u[2], u[3]) within one
// array input is u[1:3], a row of a matrix m[2,1:3]; two elements, elements
// of record arrays, runs that skip an element and scalar inputs (h(u[1],
// u[2], u[3]), whose inputs are three scalars) stay one by one. A call whose outputs several
// equations read is printed once per equation, its text computed once: the
// flat model of an argument of n elements read by k outputs is not n k long.
model CallArraySlices
  function f
    input Real u[:];
    output Real y;
  algorithm
    y := sum(u);
  end f;
  function g
    input Real u[:];
    output Real a[2];
  algorithm
    a := {u[1], u[size(u, 1)]};
  end g;
  function h
    input Real a;
    input Real b[3];
    input Real c;
    input Real d;
    output Real y;
  algorithm
    y := a + sum(b) + c * d;
  end h;
  record R
    Real x;
  end R;
  Real u[5] = {time, 2 * time, 3, 4, 5};
  Real m[2, 3] = {{1, 2, 3}, {time, 5, 6}};
  R r[3](x = {time, 2, 3});
  Real y1 = f(u);
  Real y2 = f(u[2:4]);
  Real y3 = f(u[1:2]);
  Real y4 = f(m[2, :]);
  Real y5 = f({m[1, 1], m[1, 2], m[1, 3], m[2, 1], m[2, 2]});
  Real y6 = f(r.x);
  Real y7 = f({u[1], u[3], u[5]});
  Real a[2] = g(u);
  Real y8 = h(u[1], u[2:4], u[5], time);
end CallArraySlices;

// CHECK:STDOUT: function CallArraySlices.f "mocc_f0_CallArraySlices_f"
// CHECK:STDOUT:   input Real u[5];
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := u[1] + u[2] + (u[3] + u[4]) + u[5];
// CHECK:STDOUT: end CallArraySlices.f;
// CHECK:STDOUT:
// CHECK:STDOUT: function CallArraySlices.f "mocc_f1_CallArraySlices_f"
// CHECK:STDOUT:   input Real u[3];
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := u[1] + u[2] + u[3];
// CHECK:STDOUT: end CallArraySlices.f;
// CHECK:STDOUT:
// CHECK:STDOUT: function CallArraySlices.f "mocc_f2_CallArraySlices_f"
// CHECK:STDOUT:   input Real u[2];
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := u[1] + u[2];
// CHECK:STDOUT: end CallArraySlices.f;
// CHECK:STDOUT:
// CHECK:STDOUT: function CallArraySlices.g "mocc_f3_CallArraySlices_g"
// CHECK:STDOUT:   input Real u[5];
// CHECK:STDOUT:   output Real a[2];
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   a[1] := u[1];
// CHECK:STDOUT:   a[2] := u[5];
// CHECK:STDOUT: end CallArraySlices.g;
// CHECK:STDOUT:
// CHECK:STDOUT: function CallArraySlices.h "mocc_f4_CallArraySlices_h"
// CHECK:STDOUT:   input Real a;
// CHECK:STDOUT:   input Real b[3];
// CHECK:STDOUT:   input Real c;
// CHECK:STDOUT:   input Real d;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := a + (b[1] + b[2] + b[3]) + c * d;
// CHECK:STDOUT: end CallArraySlices.h;
// CHECK:STDOUT:
// CHECK:STDOUT: class CallArraySlices
// CHECK:STDOUT:   Real u[1];
// CHECK:STDOUT:   Real u[2];
// CHECK:STDOUT:   Real u[3];
// CHECK:STDOUT:   Real u[4];
// CHECK:STDOUT:   Real u[5];
// CHECK:STDOUT:   Real m[1,1];
// CHECK:STDOUT:   Real m[1,2];
// CHECK:STDOUT:   Real m[1,3];
// CHECK:STDOUT:   Real m[2,1];
// CHECK:STDOUT:   Real m[2,2];
// CHECK:STDOUT:   Real m[2,3];
// CHECK:STDOUT:   Real r[1].x;
// CHECK:STDOUT:   Real r[2].x;
// CHECK:STDOUT:   Real r[3].x;
// CHECK:STDOUT:   Real y1;
// CHECK:STDOUT:   Real y2;
// CHECK:STDOUT:   Real y3;
// CHECK:STDOUT:   Real y4;
// CHECK:STDOUT:   Real y5;
// CHECK:STDOUT:   Real y6;
// CHECK:STDOUT:   Real y7;
// CHECK:STDOUT:   Real a[1];
// CHECK:STDOUT:   Real a[2];
// CHECK:STDOUT:   Real y8;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   u[1] = time;
// CHECK:STDOUT:   u[2] = 2 * time;
// CHECK:STDOUT:   u[3] = 3;
// CHECK:STDOUT:   u[4] = 4;
// CHECK:STDOUT:   u[5] = 5;
// CHECK:STDOUT:   m[1,1] = 1;
// CHECK:STDOUT:   m[1,2] = 2;
// CHECK:STDOUT:   m[1,3] = 3;
// CHECK:STDOUT:   m[2,1] = time;
// CHECK:STDOUT:   m[2,2] = 5;
// CHECK:STDOUT:   m[2,3] = 6;
// CHECK:STDOUT:   r[1].x = time;
// CHECK:STDOUT:   r[2].x = 2;
// CHECK:STDOUT:   r[3].x = 3;
// CHECK:STDOUT:   y1 = CallArraySlices.f(u[1:5]);
// CHECK:STDOUT:   y2 = CallArraySlices.f(u[2:4]);
// CHECK:STDOUT:   y3 = CallArraySlices.f(u[1], u[2]);
// CHECK:STDOUT:   y4 = CallArraySlices.f(m[2,1:3]);
// CHECK:STDOUT:   y5 = CallArraySlices.f(m[1,1:3], m[2,1], m[2,2]);
// CHECK:STDOUT:   y6 = CallArraySlices.f(r[1].x, r[2].x, r[3].x);
// CHECK:STDOUT:   y7 = CallArraySlices.f(u[1], u[3], u[5]);
// CHECK:STDOUT:   a[1] = CallArraySlices.g(u[1:5]);
// CHECK:STDOUT:   a[2] = (CallArraySlices.g(u[1:5]))[2];
// CHECK:STDOUT:   y8 = CallArraySlices.h(u[1], u[2:4], u[5], time);
// CHECK:STDOUT: end CallArraySlices;
