// RUN: mocc check %s
// A conditional component is used only in connect equations, whether its
// condition holds or not (MLS 4.4.5).
model ConditionalUse
  model A
    Real y = 1;
  end A;
  parameter Boolean on = true;
  Real x = 2 if on;
  A a if on;
  Real u = x;
  Real v = a.y;
end ConditionalUse;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_conditional_use.mo:11:12: error: `x` is a conditional component; it may only be used in connect equations
// CHECK:STDERR:   Real u = x;
// CHECK:STDERR:            ^
// CHECK:STDERR: fail_conditional_use.mo:12:12: error: `a` is a conditional component; it may only be used in connect equations
// CHECK:STDERR:   Real v = a.y;
// CHECK:STDERR:            ^
