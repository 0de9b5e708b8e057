// RUN: mocc flatten %s
// The inputs and outputs of a function declared through types with the
// prefix (`type InArgument = input Real`, MLS 4.5.1).
model FunctionTypeCausality
  type InArgument = input Real;
  type OutArgument = output Real[3];
  function f
    InArgument u;
    OutArgument y;
  algorithm
    y := {u, u * 2, u * 3};
  end f;
  Real x[3] = f(time);
end FunctionTypeCausality;

// CHECK:STDOUT: function FunctionTypeCausality.f "mocc_f0_FunctionTypeCausality_f"
// CHECK:STDOUT:   input Real u;
// CHECK:STDOUT:   output Real y[3];
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y[1] := u;
// CHECK:STDOUT:   y[2] := u * 2;
// CHECK:STDOUT:   y[3] := u * 3;
// CHECK:STDOUT: end FunctionTypeCausality.f;
// CHECK:STDOUT:
// CHECK:STDOUT: class FunctionTypeCausality
// CHECK:STDOUT:   Real x[1];
// CHECK:STDOUT:   Real x[2];
// CHECK:STDOUT:   Real x[3];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   x[1] = FunctionTypeCausality.f(time);
// CHECK:STDOUT:   x[2] = (FunctionTypeCausality.f(time))[2];
// CHECK:STDOUT:   x[3] = (FunctionTypeCausality.f(time))[3];
// CHECK:STDOUT: end FunctionTypeCausality;
