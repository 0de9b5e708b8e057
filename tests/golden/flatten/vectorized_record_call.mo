// RUN: mocc flatten %s -m VectorizedRecordCall
// A function of a record input called with an array of records is applied
// element by element (MLS 12.4.6), as one of a scalar input called with an
// array; a function returning a record, vectorized, gives an array of
// records. It was "the argument for `r` has shape [3] but the input has
// shape scalar" (the Media functions called on a pipe's states).
model VectorizedRecordCall
  record R
    Real p;
    Real T;
  end R;
  function f
    input R r;
    input Real k;
    output Real y;
  algorithm
    y := k * r.p * r.T;
  end f;
  function g
    input Real p;
    output R r;
  algorithm
    r := R(p = p, T = 2 * p);
  end g;
  R rs[3] = {R(p = time + i, T = 2) for i in 1:3};
  Real ys[3] = f(rs, 10);
  R qs[2] = g({time, 3});
  Real zs[2] = f(g({1, time}), 1);
end VectorizedRecordCall;

// CHECK:STDOUT: function VectorizedRecordCall.f "mocc_f0_VectorizedRecordCall_f"
// CHECK:STDOUT:   input Real r.p;
// CHECK:STDOUT:   input Real r.T;
// CHECK:STDOUT:   input Real k;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := k * r.p * r.T;
// CHECK:STDOUT: end VectorizedRecordCall.f;
// CHECK:STDOUT:
// CHECK:STDOUT: function VectorizedRecordCall.g "mocc_f1_VectorizedRecordCall_g"
// CHECK:STDOUT:   input Real p;
// CHECK:STDOUT:   output Real r.p;
// CHECK:STDOUT:   output Real r.T;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   r.p := p;
// CHECK:STDOUT:   r.T := 2 * p;
// CHECK:STDOUT: end VectorizedRecordCall.g;
// CHECK:STDOUT:
// CHECK:STDOUT: class VectorizedRecordCall
// CHECK:STDOUT:   Real rs[1].p;
// CHECK:STDOUT:   Real rs[1].T;
// CHECK:STDOUT:   Real rs[2].p;
// CHECK:STDOUT:   Real rs[2].T;
// CHECK:STDOUT:   Real rs[3].p;
// CHECK:STDOUT:   Real rs[3].T;
// CHECK:STDOUT:   Real ys[1];
// CHECK:STDOUT:   Real ys[2];
// CHECK:STDOUT:   Real ys[3];
// CHECK:STDOUT:   Real qs[1].p;
// CHECK:STDOUT:   Real qs[1].T;
// CHECK:STDOUT:   Real qs[2].p;
// CHECK:STDOUT:   Real qs[2].T;
// CHECK:STDOUT:   Real zs[1];
// CHECK:STDOUT:   Real zs[2];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   rs[1].p = time + 1;
// CHECK:STDOUT:   rs[1].T = 2;
// CHECK:STDOUT:   rs[2].p = time + 2;
// CHECK:STDOUT:   rs[2].T = 2;
// CHECK:STDOUT:   rs[3].p = time + 3;
// CHECK:STDOUT:   rs[3].T = 2;
// CHECK:STDOUT:   ys[1] = VectorizedRecordCall.f(rs[1].p, rs[1].T, 10);
// CHECK:STDOUT:   ys[2] = VectorizedRecordCall.f(rs[2].p, rs[2].T, 10);
// CHECK:STDOUT:   ys[3] = VectorizedRecordCall.f(rs[3].p, rs[3].T, 10);
// CHECK:STDOUT:   qs[1].p = VectorizedRecordCall.g(time);
// CHECK:STDOUT:   qs[1].T = (VectorizedRecordCall.g(time))[2];
// CHECK:STDOUT:   qs[2].p = VectorizedRecordCall.g(3);
// CHECK:STDOUT:   qs[2].T = (VectorizedRecordCall.g(3))[2];
// CHECK:STDOUT:   zs[1] = VectorizedRecordCall.f(VectorizedRecordCall.g(1), (VectorizedRecordCall.g(1))[2], 1);
// CHECK:STDOUT:   zs[2] = VectorizedRecordCall.f(VectorizedRecordCall.g(time), (VectorizedRecordCall.g(time))[2], 1);
// CHECK:STDOUT: end VectorizedRecordCall;
