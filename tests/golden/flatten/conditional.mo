// RUN: mocc flatten %s
model Conditional "a conditional component and the connection to it disappear when its condition is false"
  connector C
    Real e;
    flow Real f;
  end C;
  model Source
    C c;
    parameter Real e0 = 1;
  equation
    c.e = e0;
  end Source;
  parameter Boolean withProbe = false;
  Source s;
  C probe if withProbe;
  Source extra(e0 = 2) if not withProbe;
equation
  connect(s.c, probe);
end Conditional;

// CHECK:STDOUT: class Conditional
// CHECK:STDOUT:   parameter Boolean withProbe = false;
// CHECK:STDOUT:   Real s.c.e;
// CHECK:STDOUT:   Real s.c.f;
// CHECK:STDOUT:   parameter Real s.e0 = 1;
// CHECK:STDOUT:   Real extra.c.e;
// CHECK:STDOUT:   Real extra.c.f;
// CHECK:STDOUT:   parameter Real extra.e0 = 2;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   s.c.e = s.e0;
// CHECK:STDOUT:   extra.c.e = extra.e0;
// CHECK:STDOUT:   s.c.f = 0;
// CHECK:STDOUT:   extra.c.f = 0;
// CHECK:STDOUT: end Conditional;
