// RUN: mocc check %s
// A function's constant keeps the value of its declaration (MLS 3.8.1).
model ConstantAssignedFunction
  function f
    input Real u;
    output Real y;
  protected
    constant Real c = 1;
  algorithm
    c := 2;
    y := u + c;
  end f;
  Real z = f(1);
end ConstantAssignedFunction;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_constant_assigned_function.mo:10:5: error: `c` is a constant and cannot be assigned in an algorithm
// CHECK:STDERR:     c := 2;
// CHECK:STDERR:     ^
// CHECK:STDERR: fail_constant_assigned_function.mo:8:19: note: declared here
// CHECK:STDERR:     constant Real c = 1;
// CHECK:STDERR:                   ^
