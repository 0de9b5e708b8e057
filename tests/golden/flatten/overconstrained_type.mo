// RUN: mocc flatten %s
model OverconstrainedType "an overdetermined type (a type extending Real with an equalityConstraint, MLS 9.4.1), named with the global `.Connections`"
  type Angle
    extends Real;
    function equalityConstraint
      input Angle a1;
      input Angle a2;
      output Real residue[0];
    algorithm
    end equalityConstraint;
  end Angle;
  connector C
    Angle theta;
    Real v;
    flow Real i;
  end C;
  model M
    C c1;
    C c2;
  end M;
  M m;
equation
  m.c1.i = 1.0;
  m.c1.v = 2.0;
  m.c1.theta = 3.0;
  m.c2.theta = 3.0;
  connect(m.c1, m.c2);
  .Connections.branch(m.c1.theta, m.c2.theta);
  .Connections.root(m.c1.theta);
end OverconstrainedType;

// CHECK:STDOUT: function OverconstrainedType.Angle.equalityConstraint "mocc_f0_OverconstrainedType_Angle_equalityConstraint"
// CHECK:STDOUT:   input Real a1;
// CHECK:STDOUT:   input Real a2;
// CHECK:STDOUT:   output Real residue[0];
// CHECK:STDOUT: algorithm
// CHECK:STDOUT: end OverconstrainedType.Angle.equalityConstraint;
// CHECK:STDOUT:
// CHECK:STDOUT: class OverconstrainedType
// CHECK:STDOUT:   Real m.c1.theta;
// CHECK:STDOUT:   Real m.c1.v;
// CHECK:STDOUT:   Real m.c1.i;
// CHECK:STDOUT:   Real m.c2.theta;
// CHECK:STDOUT:   Real m.c2.v;
// CHECK:STDOUT:   Real m.c2.i;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   m.c1.i = 1;
// CHECK:STDOUT:   m.c1.v = 2;
// CHECK:STDOUT:   m.c1.theta = 3;
// CHECK:STDOUT:   m.c2.theta = 3;
// CHECK:STDOUT:   m.c1.v = m.c2.v;
// CHECK:STDOUT:   m.c1.i + m.c2.i = 0;
// CHECK:STDOUT: end OverconstrainedType;
