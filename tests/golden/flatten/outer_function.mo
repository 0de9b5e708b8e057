// RUN: mocc flatten %s
// An outer class is the inner class of an enclosing instance (MLS 5.4):
// each instance of D calls the function its enclosing instance defines.
model OuterFunction
  partial function A
    input Integer u;
    output Integer y;
  end A;
  function B
    extends A;
  algorithm
    y := u;
  end B;
  function C
    extends A;
  algorithm
    y := u + 1;
  end C;
  model D
    outer function fc = A;
    Integer y = fc(1);
  end D;
  model E
    inner function fc = B;
    D d;
  end E;
  model F
    inner function fc = C;
    D d;
  end F;
  E e;
  F f;
end OuterFunction;

// CHECK:STDOUT: function OuterFunction.B "mocc_f0_OuterFunction_B"
// CHECK:STDOUT:   input Integer u;
// CHECK:STDOUT:   output Integer y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := u;
// CHECK:STDOUT: end OuterFunction.B;
// CHECK:STDOUT:
// CHECK:STDOUT: function OuterFunction.C "mocc_f1_OuterFunction_C"
// CHECK:STDOUT:   input Integer u;
// CHECK:STDOUT:   output Integer y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := u + 1;
// CHECK:STDOUT: end OuterFunction.C;
// CHECK:STDOUT:
// CHECK:STDOUT: class OuterFunction
// CHECK:STDOUT:   Integer e.d.y;
// CHECK:STDOUT:   Integer f.d.y;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   e.d.y = OuterFunction.B(1);
// CHECK:STDOUT:   f.d.y = OuterFunction.C(1);
// CHECK:STDOUT: end OuterFunction;
