// RUN: mocc flatten %s
// Overloaded operators of an operator record (MLS 14): binary and unary
// operators with several functions chosen by their inputs, an overloaded
// constructor ahead of the record's own, implicit construction of the other
// operand, element-wise use on arrays of records, and a logical operator.
model OperatorOverloading
  encapsulated package P
    operator record Z
      Real re;
      Real im = 0;
      encapsulated operator 'constructor'
        import OperatorOverloading.P.Z;
        function fromReal
          input Real re;
          input Real im = 0;
          output Z result(re = re, im = im);
        algorithm
        end fromReal;
      end 'constructor';
      encapsulated operator function '+'
        import OperatorOverloading.P.Z;
        input Z a;
        input Z b;
        output Z c;
      algorithm
        c := Z(a.re + b.re, a.im + b.im);
      end '+';
      encapsulated operator '-'
        import OperatorOverloading.P.Z;
        function negate
          input Z a;
          output Z c;
        algorithm
          c := Z(-a.re, -a.im);
        end negate;
        function subtract
          input Z a;
          input Z b;
          output Z c;
        algorithm
          c := Z(a.re - b.re, a.im - b.im);
        end subtract;
      end '-';
      encapsulated operator function '=='
        import OperatorOverloading.P.Z;
        input Z a;
        input Z b;
        output Boolean equal;
      algorithm
        equal := a.re == b.re and a.im == b.im;
      end '==';
    end Z;
  end P;
  import OperatorOverloading.P.Z;
  Z a = Z(2, 3);
  Z b = -a + 1;
  Z c = a - b;
  Z d[2] = {a, b} + {c, a};
  parameter Z p = Z(1);
  Boolean same = p == Z(1, 0);
end OperatorOverloading;

// CHECK:STDOUT: function OperatorOverloading.P.Z.'constructor'.fromReal "mocc_f0_OperatorOverloading_P_Z__constructor__fromReal"
// CHECK:STDOUT:   input Real re;
// CHECK:STDOUT:   input Real im;
// CHECK:STDOUT:   output Real result.re;
// CHECK:STDOUT:   output Real result.im;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   result.re := re;
// CHECK:STDOUT:   result.im := im;
// CHECK:STDOUT: end OperatorOverloading.P.Z.'constructor'.fromReal;
// CHECK:STDOUT:
// CHECK:STDOUT: function OperatorOverloading.P.Z.'-'.negate "mocc_f1_OperatorOverloading_P_Z_____negate"
// CHECK:STDOUT:   input Real a.re;
// CHECK:STDOUT:   input Real a.im;
// CHECK:STDOUT:   output Real c.re;
// CHECK:STDOUT:   output Real c.im;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   c.im := 0;
// CHECK:STDOUT:   c.re := OperatorOverloading.P.Z.'constructor'.fromReal(-a.re, -a.im);
// CHECK:STDOUT:   c.im := (OperatorOverloading.P.Z.'constructor'.fromReal(-a.re, -a.im))[2];
// CHECK:STDOUT: end OperatorOverloading.P.Z.'-'.negate;
// CHECK:STDOUT:
// CHECK:STDOUT: function OperatorOverloading.P.Z.'+' "mocc_f2_OperatorOverloading_P_Z____"
// CHECK:STDOUT:   input Real a.re;
// CHECK:STDOUT:   input Real a.im;
// CHECK:STDOUT:   input Real b.re;
// CHECK:STDOUT:   input Real b.im;
// CHECK:STDOUT:   output Real c.re;
// CHECK:STDOUT:   output Real c.im;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   c.im := 0;
// CHECK:STDOUT:   c.re := OperatorOverloading.P.Z.'constructor'.fromReal(a.re + b.re, a.im + b.im);
// CHECK:STDOUT:   c.im := (OperatorOverloading.P.Z.'constructor'.fromReal(a.re + b.re, a.im + b.im))[2];
// CHECK:STDOUT: end OperatorOverloading.P.Z.'+';
// CHECK:STDOUT:
// CHECK:STDOUT: function OperatorOverloading.P.Z.'-'.subtract "mocc_f3_OperatorOverloading_P_Z_____subtract"
// CHECK:STDOUT:   input Real a.re;
// CHECK:STDOUT:   input Real a.im;
// CHECK:STDOUT:   input Real b.re;
// CHECK:STDOUT:   input Real b.im;
// CHECK:STDOUT:   output Real c.re;
// CHECK:STDOUT:   output Real c.im;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   c.im := 0;
// CHECK:STDOUT:   c.re := OperatorOverloading.P.Z.'constructor'.fromReal(a.re - b.re, a.im - b.im);
// CHECK:STDOUT:   c.im := (OperatorOverloading.P.Z.'constructor'.fromReal(a.re - b.re, a.im - b.im))[2];
// CHECK:STDOUT: end OperatorOverloading.P.Z.'-'.subtract;
// CHECK:STDOUT:
// CHECK:STDOUT: function OperatorOverloading.P.Z.'==' "mocc_f4_OperatorOverloading_P_Z_____"
// CHECK:STDOUT:   input Real a.re;
// CHECK:STDOUT:   input Real a.im;
// CHECK:STDOUT:   input Real b.re;
// CHECK:STDOUT:   input Real b.im;
// CHECK:STDOUT:   output Boolean equal;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   equal := a.re == b.re and a.im == b.im;
// CHECK:STDOUT: end OperatorOverloading.P.Z.'==';
// CHECK:STDOUT:
// CHECK:STDOUT: class OperatorOverloading
// CHECK:STDOUT:   Real a.re;
// CHECK:STDOUT:   Real a.im;
// CHECK:STDOUT:   Real b.re;
// CHECK:STDOUT:   Real b.im;
// CHECK:STDOUT:   Real c.re;
// CHECK:STDOUT:   Real c.im;
// CHECK:STDOUT:   Real d[1].re;
// CHECK:STDOUT:   Real d[1].im;
// CHECK:STDOUT:   Real d[2].re;
// CHECK:STDOUT:   Real d[2].im;
// CHECK:STDOUT:   parameter Real p.re = OperatorOverloading.P.Z.'constructor'.fromReal(1, 0);
// CHECK:STDOUT:   parameter Real p.im = (OperatorOverloading.P.Z.'constructor'.fromReal(1, 0))[2];
// CHECK:STDOUT:   Boolean same;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   a.re = OperatorOverloading.P.Z.'constructor'.fromReal(2, 3);
// CHECK:STDOUT:   a.im = (OperatorOverloading.P.Z.'constructor'.fromReal(2, 3))[2];
// CHECK:STDOUT:   b.re = OperatorOverloading.P.Z.'+'(OperatorOverloading.P.Z.'-'.negate(a.re, a.im), (OperatorOverloading.P.Z.'-'.negate(a.re, a.im))[2], OperatorOverloading.P.Z.'constructor'.fromReal(1, 0), (OperatorOverloading.P.Z.'constructor'.fromReal(1, 0))[2]);
// CHECK:STDOUT:   b.im = (OperatorOverloading.P.Z.'+'(OperatorOverloading.P.Z.'-'.negate(a.re, a.im), (OperatorOverloading.P.Z.'-'.negate(a.re, a.im))[2], OperatorOverloading.P.Z.'constructor'.fromReal(1, 0), (OperatorOverloading.P.Z.'constructor'.fromReal(1, 0))[2]))[2];
// CHECK:STDOUT:   c.re = OperatorOverloading.P.Z.'-'.subtract(a.re, a.im, b.re, b.im);
// CHECK:STDOUT:   c.im = (OperatorOverloading.P.Z.'-'.subtract(a.re, a.im, b.re, b.im))[2];
// CHECK:STDOUT:   d[1].re = OperatorOverloading.P.Z.'+'(a.re, a.im, c.re, c.im);
// CHECK:STDOUT:   d[1].im = (OperatorOverloading.P.Z.'+'(a.re, a.im, c.re, c.im))[2];
// CHECK:STDOUT:   d[2].re = OperatorOverloading.P.Z.'+'(b.re, b.im, a.re, a.im);
// CHECK:STDOUT:   d[2].im = (OperatorOverloading.P.Z.'+'(b.re, b.im, a.re, a.im))[2];
// CHECK:STDOUT:   same = OperatorOverloading.P.Z.'=='(p.re, p.im, OperatorOverloading.P.Z.'constructor'.fromReal(1, 0), (OperatorOverloading.P.Z.'constructor'.fromReal(1, 0))[2]);
// CHECK:STDOUT: end OperatorOverloading;
