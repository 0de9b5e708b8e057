// RUN: mocc flatten %s
// The modification of a constraining type applies to the declaration and
// every redeclaration, under their own modifiers (MLS 7.3.2); a
// redeclaration without dimensions keeps those of the declaration.
model ConstrainingModifiers
  model A
    Real x = 1;
    Real y = 2;
  end A;
  model B
    Real x = 3;
    Real y = 4;
    Real z = 5;
  end B;
  model C
    replaceable A a(y = 10) constrainedby A(x = 5, y = 6);
    replaceable parameter Integer n[3];
  end C;
  model D
    extends C(a(x = 7), redeclare parameter Integer n = {1, 2, 3});
  end D;
  C c;
  D d;
  D e(redeclare B a(y = 8));
end ConstrainingModifiers;

// CHECK:STDOUT: class ConstrainingModifiers
// CHECK:STDOUT:   Real c.a.x;
// CHECK:STDOUT:   Real c.a.y;
// CHECK:STDOUT:   parameter Integer c.n[1] = 0;
// CHECK:STDOUT:   parameter Integer c.n[2] = 0;
// CHECK:STDOUT:   parameter Integer c.n[3] = 0;
// CHECK:STDOUT:   Real d.a.x;
// CHECK:STDOUT:   Real d.a.y;
// CHECK:STDOUT:   parameter Integer d.n[1] = 1;
// CHECK:STDOUT:   parameter Integer d.n[2] = 2;
// CHECK:STDOUT:   parameter Integer d.n[3] = 3;
// CHECK:STDOUT:   Real e.a.x;
// CHECK:STDOUT:   Real e.a.y;
// CHECK:STDOUT:   Real e.a.z;
// CHECK:STDOUT:   parameter Integer e.n[1] = 1;
// CHECK:STDOUT:   parameter Integer e.n[2] = 2;
// CHECK:STDOUT:   parameter Integer e.n[3] = 3;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   c.a.x = 5;
// CHECK:STDOUT:   c.a.y = 10;
// CHECK:STDOUT:   d.a.x = 7;
// CHECK:STDOUT:   d.a.y = 10;
// CHECK:STDOUT:   e.a.x = 7;
// CHECK:STDOUT:   e.a.y = 8;
// CHECK:STDOUT:   e.a.z = 5;
// CHECK:STDOUT: end ConstrainingModifiers;
// CHECK:STDERR: constraining_modifiers.mo:17:35: warning: parameter `c.n` has no value; using its start value (0)
// CHECK:STDERR:     replaceable parameter Integer n[3];
// CHECK:STDERR:                                   ^
