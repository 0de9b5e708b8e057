// RUN: mocc flatten %s -m RedeclareShortClassScope.M
// A redeclaration in the modification of a short class definition names a
// type where that definition is written (`Resistance` in SI), also when an
// outer modification (`z(re = 1)`) gives the element a binding: the binding
// is evaluated where it is written, the redeclared type is not looked up
// there (MLS 7.3; the MSL's `Modelica.Units.SI.ComplexImpedance`).
package RedeclareShortClassScope
  record C
    replaceable Real re;
    replaceable Real im;
  end C;
  package SI
    type Resistance = Real(unit = "Ohm");
    type Reactance = Real(unit = "Ohm", min = -1e6);
    record Z = C(redeclare Resistance re, redeclare Reactance im);
  end SI;
  model M
    parameter Real r = 3;
    SI.Z z(re = r, im = 2 * r);
  end M;
end RedeclareShortClassScope;

// CHECK:STDOUT: class RedeclareShortClassScope.M
// CHECK:STDOUT:   parameter Real r = 3;
// CHECK:STDOUT:   Real z.re(unit = "Ohm");
// CHECK:STDOUT:   Real z.im(unit = "Ohm", min = -1e+06);
// CHECK:STDOUT: equation
// CHECK:STDOUT:   z.re = r;
// CHECK:STDOUT:   z.im = 2 * r;
// CHECK:STDOUT: end RedeclareShortClassScope.M;
