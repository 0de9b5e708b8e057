// RUN: mocc flatten %s -m ComplexLikeCalls.M
// Calls on a record type the way Modelica.ComplexMath makes them:
// - a package's own `exp` and an imported `abs` hide the built-in functions
//   of those names (MLS 5.3), while the operators (der, size) do not;
// - a function of a scalar record applied to an array of records is
//   applied element by element (MLS 12.4.6), giving an array of records;
// - a record field of one element of an array of components (`pins[2].v`)
//   is that record.
package ComplexLikeCalls
  record C
    Real re;
    Real im;
  end C;
  package Math
    function exp
      input C c;
      output C y;
    algorithm
      y := C(Modelica.Math.exp(c.re) * cos(c.im), Modelica.Math.exp(c.re) * sin(c.im));
    end exp;
    function twice
      input C c;
      output C y;
    algorithm
      y := exp(C(c.re, 0)); // this package's exp, on a record
      y := C(2 * c.re, 2 * c.im);
    end twice;
    function abs
      input C c;
      output Real y;
    algorithm
      y := sqrt(c.re ^ 2 + c.im ^ 2);
    end abs;
  end Math;
  model Pin
    C v;
  end Pin;
  model M
    import ComplexLikeCalls.Math.abs;
    Pin pins[3];
    C w;
    Real a[3];
    C d[3];
    Real n = -2;
    Real m = Modelica.Math.exp(0) + size(a, 1);
  equation
    for j in 1:3 loop
      pins[j].v = C(j, -j);
    end for;
    w = pins[2].v;
    a = abs(pins.v);
    d = Math.twice(pins.v);
  end M;
end ComplexLikeCalls;

// CHECK:STDOUT: function ComplexLikeCalls.Math.abs "mocc_f0_ComplexLikeCalls_Math_abs"
// CHECK:STDOUT:   input Real c.re;
// CHECK:STDOUT:   input Real c.im;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := sqrt(c.re^2 + c.im^2);
// CHECK:STDOUT: end ComplexLikeCalls.Math.abs;
// CHECK:STDOUT:
// CHECK:STDOUT: function ComplexLikeCalls.Math.twice "mocc_f1_ComplexLikeCalls_Math_twice"
// CHECK:STDOUT:   input Real c.re;
// CHECK:STDOUT:   input Real c.im;
// CHECK:STDOUT:   output Real y.re;
// CHECK:STDOUT:   output Real y.im;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y.re := ComplexLikeCalls.Math.exp(c.re, 0);
// CHECK:STDOUT:   y.im := (ComplexLikeCalls.Math.exp(c.re, 0))[2];
// CHECK:STDOUT:   y.re := 2 * c.re;
// CHECK:STDOUT:   y.im := 2 * c.im;
// CHECK:STDOUT: end ComplexLikeCalls.Math.twice;
// CHECK:STDOUT:
// CHECK:STDOUT: function ComplexLikeCalls.Math.exp "mocc_f2_ComplexLikeCalls_Math_exp"
// CHECK:STDOUT:   input Real c.re;
// CHECK:STDOUT:   input Real c.im;
// CHECK:STDOUT:   output Real y.re;
// CHECK:STDOUT:   output Real y.im;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y.re := exp(c.re) * cos(c.im);
// CHECK:STDOUT:   y.im := exp(c.re) * sin(c.im);
// CHECK:STDOUT: end ComplexLikeCalls.Math.exp;
// CHECK:STDOUT:
// CHECK:STDOUT: class ComplexLikeCalls.M
// CHECK:STDOUT:   Real pins[1].v.re;
// CHECK:STDOUT:   Real pins[1].v.im;
// CHECK:STDOUT:   Real pins[2].v.re;
// CHECK:STDOUT:   Real pins[2].v.im;
// CHECK:STDOUT:   Real pins[3].v.re;
// CHECK:STDOUT:   Real pins[3].v.im;
// CHECK:STDOUT:   Real w.re;
// CHECK:STDOUT:   Real w.im;
// CHECK:STDOUT:   Real a[1];
// CHECK:STDOUT:   Real a[2];
// CHECK:STDOUT:   Real a[3];
// CHECK:STDOUT:   Real d[1].re;
// CHECK:STDOUT:   Real d[1].im;
// CHECK:STDOUT:   Real d[2].re;
// CHECK:STDOUT:   Real d[2].im;
// CHECK:STDOUT:   Real d[3].re;
// CHECK:STDOUT:   Real d[3].im;
// CHECK:STDOUT:   Real n;
// CHECK:STDOUT:   Real m;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   n = -2;
// CHECK:STDOUT:   m = 4;
// CHECK:STDOUT:   pins[1].v.re = 1;
// CHECK:STDOUT:   pins[1].v.im = -1;
// CHECK:STDOUT:   pins[2].v.re = 2;
// CHECK:STDOUT:   pins[2].v.im = -2;
// CHECK:STDOUT:   pins[3].v.re = 3;
// CHECK:STDOUT:   pins[3].v.im = -3;
// CHECK:STDOUT:   w.re = pins[2].v.re;
// CHECK:STDOUT:   w.im = pins[2].v.im;
// CHECK:STDOUT:   a[1] = ComplexLikeCalls.Math.abs(pins[1].v.re, pins[1].v.im);
// CHECK:STDOUT:   a[2] = ComplexLikeCalls.Math.abs(pins[2].v.re, pins[2].v.im);
// CHECK:STDOUT:   a[3] = ComplexLikeCalls.Math.abs(pins[3].v.re, pins[3].v.im);
// CHECK:STDOUT:   d[1].re = ComplexLikeCalls.Math.twice(pins[1].v.re, pins[1].v.im);
// CHECK:STDOUT:   d[1].im = (ComplexLikeCalls.Math.twice(pins[1].v.re, pins[1].v.im))[2];
// CHECK:STDOUT:   d[2].re = ComplexLikeCalls.Math.twice(pins[2].v.re, pins[2].v.im);
// CHECK:STDOUT:   d[2].im = (ComplexLikeCalls.Math.twice(pins[2].v.re, pins[2].v.im))[2];
// CHECK:STDOUT:   d[3].re = ComplexLikeCalls.Math.twice(pins[3].v.re, pins[3].v.im);
// CHECK:STDOUT:   d[3].im = (ComplexLikeCalls.Math.twice(pins[3].v.re, pins[3].v.im))[2];
// CHECK:STDOUT: end ComplexLikeCalls.M;
