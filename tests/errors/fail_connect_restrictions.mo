// RUN: mocc check %s
// Connected variables have the same type, constants and parameters connect
// to their own kind, causal variables to causal ones, and a connect
// argument is a connector of the class or of one of its components
// (MLS 9.1, 9.3).
model ConnectRestrictions
  connector C1
    input Real x;
    Real e;
    flow Real f;
  end C1;
  connector C2
    Real x;
    output Real e;
    flow Real f;
  end C2;
  connector P1
    constant Real k = 1;
    Real e;
    flow Real f;
  end P1;
  connector P2
    parameter Real k = 1;
    Real e;
    flow Real f;
  end P2;
  connector I1
    Real e;
    flow Real f;
  end I1;
  connector I2
    Integer e;
    flow Real f;
  end I2;
  model M
    C1 c1;
    C2 c2;
    P1 p1;
    P2 p2;
    I1 i1;
    I2 i2;
  end M;
  model Outer
    M m;
  end Outer;
  M m;
  Outer o;
equation
  connect(m.c1, m.c2);
  connect(m.p1, m.p2);
  connect(m.i1, m.i2);
  connect(o.m.i1, m.i1);
end ConnectRestrictions;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_connect_restrictions.mo:49:3: error: connect of `m.c1.x` and `m.c2.x`: an input or output connects only to an input or output
// CHECK:STDERR:   connect(m.c1, m.c2);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_connect_restrictions.mo:50:3: error: connect of `m.p1.k` and `m.p2.k`: a constant or parameter connects only to one of the same variability
// CHECK:STDERR:   connect(m.p1, m.p2);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_connect_restrictions.mo:51:3: error: connect of `m.i1.e` and `m.i2.e`, which are of different types
// CHECK:STDERR:   connect(m.i1, m.i2);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_connect_restrictions.mo:52:13: error: `o.m.i1` is not a connector of this class or of one of its components: `o.m` is not a connector
// CHECK:STDERR:   connect(o.m.i1, m.i1);
// CHECK:STDERR:             ^
