// RUN: mocc flatten %s
model Connect "connect of incompatible connectors and of a non-connector"
  connector A
    Real v;
    flow Real i;
  end A;
  connector B
    Real v;
  end B;
  model M
    A a;
    B b;
    Real x;
  end M;
  M m1, m2;
equation
  connect(m1.a, m2.b);
  connect(m1.x, m2.x);
end Connect;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_connect.mo:17:3: error: connect of incompatible connectors `m1.a` and `m2.b`
// CHECK:STDERR:   connect(m1.a, m2.b);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_connect.mo:18:3: error: `m1.x` is not a connector
// CHECK:STDERR:   connect(m1.x, m2.x);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~
