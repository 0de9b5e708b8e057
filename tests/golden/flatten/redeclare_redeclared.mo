// RUN: mocc flatten %s -m RedeclareRedeclared.Top
// A redeclaration of an element that a base class redeclared already: the
// one written nearer the instance's class wins (MLS 7.3), whether it comes
// before or after the extends clause, and names written in the bases find
// it too (the MSL's Water media redeclare PartialMedium's `redeclare
// replaceable function density_ph`). It was "not supported yet".
package RedeclareRedeclared
  model A
    replaceable model M
      Real x = 1;
    end M;
    M a;
  end A;
  model B
    extends A;
    redeclare replaceable model M
      Real x = 2;
    end M;
  end B;
  model C
    extends B;
    redeclare model M
      Real x = 3;
    end M;
    M m;
  end C;
  model D
    redeclare model M
      Real x = 4;
    end M;
    extends B;
  end D;
  model Top
    C c;
    D d;
    B b;
  end Top;
end RedeclareRedeclared;

// CHECK:STDOUT: class RedeclareRedeclared.Top
// CHECK:STDOUT:   Real c.a.x;
// CHECK:STDOUT:   Real c.m.x;
// CHECK:STDOUT:   Real d.a.x;
// CHECK:STDOUT:   Real b.a.x;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   c.a.x = 3;
// CHECK:STDOUT:   c.m.x = 3;
// CHECK:STDOUT:   d.a.x = 4;
// CHECK:STDOUT:   b.a.x = 2;
// CHECK:STDOUT: end RedeclareRedeclared.Top;
