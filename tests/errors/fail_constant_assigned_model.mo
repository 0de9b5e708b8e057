// RUN: mocc check %s
// A model's algorithm assigns neither its constants nor its parameters
// (MLS 3.8); an initial algorithm may compute a parameter with
// fixed = false (MLS 8.6), which `r` shows is still accepted.
model ConstantAssignedModel
  constant Real k = 1;
  parameter Real q = 1;
  parameter Real r(fixed = false);
  Real w;
initial algorithm
  r := 2;
algorithm
  w := 1;
  k := 2;
  q := 3;
end ConstantAssignedModel;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_constant_assigned_model.mo:14:3: error: `k` is a constant and cannot be assigned in an algorithm
// CHECK:STDERR:   k := 2;
// CHECK:STDERR:   ^
