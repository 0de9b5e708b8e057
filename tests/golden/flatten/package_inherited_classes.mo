// RUN: mocc flatten %s
// A class inherited by a package is an element of that package: its text finds
// the package's modified constants and redeclared classes, not those of the
// base it is written in (MLS 5.3.1, 7.1, 7.3; the MSL's Media packages).
package Base
  constant Integer n;
  constant Real c = 1;
  replaceable record State
    Real a;
  end State;
  function f
    input Real x;
    output Real y;
  algorithm
    y := x*c + n;
  end f;
  function g
    input Real x;
    output State s;
  algorithm
    s := State(a = f(x));
  end g;
  replaceable model BaseProperties
    Real v[n] = fill(c, n);
  end BaseProperties;
end Base;
package P1
  extends Base(n = 2, c = 3);
end P1;
package P2
  extends Base(n = 3, redeclare record State = S2);
  record S2
    Real a;
    Real b = 5;
  end S2;
end P2;
model M
  Real y1 = P1.f(time);
  Real y2 = P2.f(time);
  P2.State s = P2.g(time);
  P1.BaseProperties b1;
  P2.BaseProperties b2;
end M;

// CHECK:STDOUT: function P1.f "mocc_f0_P1_f"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := x * 3 + 2;
// CHECK:STDOUT: end P1.f;
// CHECK:STDOUT:
// CHECK:STDOUT: function P2.f "mocc_f1_P2_f"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := x + 3;
// CHECK:STDOUT: end P2.f;
// CHECK:STDOUT:
// CHECK:STDOUT: function P2.g "mocc_f2_P2_g"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real s.a;
// CHECK:STDOUT:   output Real s.b;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   s.b := 5;
// CHECK:STDOUT:   s.a := P2.f(x);
// CHECK:STDOUT:   s.b := 5;
// CHECK:STDOUT: end P2.g;
// CHECK:STDOUT:
// CHECK:STDOUT: class M
// CHECK:STDOUT:   Real y1;
// CHECK:STDOUT:   Real y2;
// CHECK:STDOUT:   Real s.a;
// CHECK:STDOUT:   Real s.b;
// CHECK:STDOUT:   Real b1.v[1];
// CHECK:STDOUT:   Real b1.v[2];
// CHECK:STDOUT:   Real b2.v[1];
// CHECK:STDOUT:   Real b2.v[2];
// CHECK:STDOUT:   Real b2.v[3];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   y1 = P1.f(time);
// CHECK:STDOUT:   y2 = P2.f(time);
// CHECK:STDOUT:   s.a = P2.g(time);
// CHECK:STDOUT:   s.b = (P2.g(time))[2];
// CHECK:STDOUT:   b1.v[1] = 3;
// CHECK:STDOUT:   b1.v[2] = 3;
// CHECK:STDOUT:   b2.v[1] = 1;
// CHECK:STDOUT:   b2.v[2] = 1;
// CHECK:STDOUT:   b2.v[3] = 1;
// CHECK:STDOUT: end M;
