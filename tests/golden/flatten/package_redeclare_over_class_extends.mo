// RUN: mocc flatten %s
// A `redeclare function f` written nearer replaces a base's `redeclare
// replaceable function extends f` (MLS 7.3; the MSL's DryAirNasa over
// SingleGasNasa); a class extends in a package knows the function it extends
// (its inputs).
package Base
  replaceable partial function f
    input Real x;
    output Real y;
  end f;
end Base;
package Mid
  extends Base;
  redeclare replaceable function extends f
  algorithm
    y := 2*x;
  end f;
end Mid;
package Leaf
  extends Mid;
  redeclare function f
    input Real x;
    output Real y;
  algorithm
    y := 3*x;
  end f;
end Leaf;
model M
  Real a = Mid.f(time);
  Real b = Leaf.f(time);
end M;

// CHECK:STDOUT: function Mid.f "mocc_f0_Mid_f"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := 2 * x;
// CHECK:STDOUT: end Mid.f;
// CHECK:STDOUT:
// CHECK:STDOUT: function Leaf.f "mocc_f1_Leaf_f"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := 3 * x;
// CHECK:STDOUT: end Leaf.f;
// CHECK:STDOUT:
// CHECK:STDOUT: class M
// CHECK:STDOUT:   Real a;
// CHECK:STDOUT:   Real b;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   a = Mid.f(time);
// CHECK:STDOUT:   b = Leaf.f(time);
// CHECK:STDOUT: end M;
