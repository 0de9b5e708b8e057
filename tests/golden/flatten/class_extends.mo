// RUN: mocc flatten %s
// `redeclare model extends B(mod) ... end B` replaces an inherited
// replaceable class by one that extends it with the modification, also for
// the components that the base class declares (MLS 7.3.1); written without
// `redeclare`, the base class's components keep the original class.
model ClassExtends
  model A
    replaceable model B
      Real x = 0;
    end B;
    B inA;
    replaceable model C
      Real u = 1;
    end C;
    C cInA;
  end A;
  extends A;
  redeclare model extends B(x = 1)
    Real y = 2;
  end B;
  model extends C
    Real v = 3;
  end C;
  B b;
  C c;
end ClassExtends;

// CHECK:STDOUT: class ClassExtends
// CHECK:STDOUT:   Real inA.x;
// CHECK:STDOUT:   Real inA.y;
// CHECK:STDOUT:   Real cInA.u;
// CHECK:STDOUT:   Real b.x;
// CHECK:STDOUT:   Real b.y;
// CHECK:STDOUT:   Real c.u;
// CHECK:STDOUT:   Real c.v;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   inA.x = 1;
// CHECK:STDOUT:   inA.y = 2;
// CHECK:STDOUT:   cInA.u = 1;
// CHECK:STDOUT:   b.x = 1;
// CHECK:STDOUT:   b.y = 2;
// CHECK:STDOUT:   c.u = 1;
// CHECK:STDOUT:   c.v = 3;
// CHECK:STDOUT: end ClassExtends;
