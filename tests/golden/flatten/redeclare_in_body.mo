// RUN: mocc flatten %s -m RedeclareInBody.M
// A redeclare element in a class's body replaces the inherited replaceable
// element (MLS 7.3), as the MSL's Media packages redeclare their functions;
// it was "already declared".
package RedeclareInBody
  partial package Base
    replaceable partial function f
      input Real x;
      output Real y;
    end f;
  end Base;
  package Derived
    extends Base;
    redeclare replaceable function f
      input Real x;
      output Real y;
    algorithm
      y := 2 * x;
    end f;
  end Derived;
  model M
    Real z = Derived.f(time);
  end M;
end RedeclareInBody;

// CHECK:STDOUT: function RedeclareInBody.Derived.f "mocc_f0_RedeclareInBody_Derived_f"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := 2 * x;
// CHECK:STDOUT: end RedeclareInBody.Derived.f;
// CHECK:STDOUT:
// CHECK:STDOUT: class RedeclareInBody.M
// CHECK:STDOUT:   Real z;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   z = RedeclareInBody.Derived.f(time);
// CHECK:STDOUT: end RedeclareInBody.M;
