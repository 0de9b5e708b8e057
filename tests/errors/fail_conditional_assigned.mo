// RUN: mocc check %s
// A conditional component may not be assigned in an algorithm either,
// whether its condition holds or not (MLS 4.4.5): it is only used in
// connect equations. Both say so (the one whose condition is false said
// that it does not exist, the other that it is conditional).
model ConditionalAssigned
  Real x if false;
  Real y if true;
  Real z;
algorithm
  x := 1;
algorithm
  y := 2;
equation
  z = 3;
end ConditionalAssigned;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_conditional_assigned.mo:11:3: error: `x` is a conditional component; it may only be used in connect equations
// CHECK:STDERR:   x := 1;
// CHECK:STDERR:   ^
// CHECK:STDERR: fail_conditional_assigned.mo:13:3: error: `y` is a conditional component; it may only be used in connect equations
// CHECK:STDERR:   y := 2;
// CHECK:STDERR:   ^
