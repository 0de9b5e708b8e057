// RUN: mocc flatten %s -m RecordArgumentByName
// A record argument of another class whose components have the input's
// names and types fits the input (MLS 6.4, 12.4.1), whatever the order of
// its components and whatever components it adds: each field of the input
// takes the argument's field of that name, inlined or compiled, scalar or
// vectorized. Fields were taken by position.
model RecordArgumentByName
  record A
    Real p;
    Real T;
  end A;
  record B
    Real T;
    Real extra;
    Real p;
  end B;
  function f
    input A a;
    output Real y;
  algorithm
    y := 10 * a.p + a.T;
  end f;
  function h
    input A a;
    output Real y;
  protected
    Real z[2];
  algorithm
    for i in 1:2 loop
      z[i] := 10 * a.p + a.T;
    end for;
    y := z[2];
    annotation(Inline = false);
  end h;
  B b(p = 2 * time, T = 1, extra = 7);
  B bs[2] = {B(p = i, T = 1, extra = 7) for i in 1:2};
  Real y = f(b);
  Real w = h(b);
  Real ws[2] = h(bs);
end RecordArgumentByName;

// CHECK:STDOUT: function RecordArgumentByName.f "mocc_f0_RecordArgumentByName_f"
// CHECK:STDOUT:   input Real a.p;
// CHECK:STDOUT:   input Real a.T;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := 10 * a.p + a.T;
// CHECK:STDOUT: end RecordArgumentByName.f;
// CHECK:STDOUT:
// CHECK:STDOUT: function RecordArgumentByName.h "mocc_f1_RecordArgumentByName_h"
// CHECK:STDOUT:   input Real a.p;
// CHECK:STDOUT:   input Real a.T;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT:   protected Real z[2];
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   z[1] := 10 * a.p + a.T;
// CHECK:STDOUT:   z[2] := 10 * a.p + a.T;
// CHECK:STDOUT:   y := z[2];
// CHECK:STDOUT: end RecordArgumentByName.h;
// CHECK:STDOUT:
// CHECK:STDOUT: class RecordArgumentByName
// CHECK:STDOUT:   Real b.T;
// CHECK:STDOUT:   Real b.extra;
// CHECK:STDOUT:   Real b.p;
// CHECK:STDOUT:   Real bs[1].T;
// CHECK:STDOUT:   Real bs[1].extra;
// CHECK:STDOUT:   Real bs[1].p;
// CHECK:STDOUT:   Real bs[2].T;
// CHECK:STDOUT:   Real bs[2].extra;
// CHECK:STDOUT:   Real bs[2].p;
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT:   Real w;
// CHECK:STDOUT:   Real ws[1];
// CHECK:STDOUT:   Real ws[2];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   b.T = 1;
// CHECK:STDOUT:   b.extra = 7;
// CHECK:STDOUT:   b.p = 2 * time;
// CHECK:STDOUT:   bs[1].T = 1;
// CHECK:STDOUT:   bs[1].extra = 7;
// CHECK:STDOUT:   bs[1].p = 1;
// CHECK:STDOUT:   bs[2].T = 1;
// CHECK:STDOUT:   bs[2].extra = 7;
// CHECK:STDOUT:   bs[2].p = 2;
// CHECK:STDOUT:   y = RecordArgumentByName.f(b.p, b.T);
// CHECK:STDOUT:   w = RecordArgumentByName.h(b.p, b.T);
// CHECK:STDOUT:   ws[1] = RecordArgumentByName.h(bs[1].p, bs[1].T);
// CHECK:STDOUT:   ws[2] = RecordArgumentByName.h(bs[2].p, bs[2].T);
// CHECK:STDOUT: end RecordArgumentByName;
