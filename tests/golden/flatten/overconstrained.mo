// RUN: mocc flatten %s
model Overconstrained "an overconstrained record in a loop of connections: the loop closes with equalityConstraint (MLS 9.4)"
  record Angle "an angle that is defined up to multiples of a turn"
    Real phi;
    function equalityConstraint
      input Angle a1;
      input Angle a2;
      output Real residue[1] "one, so that a Flange is balanced (MLS 9.3.1, 9.4.1)";
    algorithm
      residue := {sin(a1.phi - a2.phi)};
    end equalityConstraint;
  end Angle;
  connector Flange
    Angle a;
    flow Real tau;
  end Flange;
  model Fixed
    Flange f;
  equation
    Connections.root(f.a);
    f.a.phi = 0;
  end Fixed;
  model Link
    Flange f1, f2;
  equation
    Connections.branch(f1.a, f2.a);
    f2.a.phi = f1.a.phi;
    f1.tau + f2.tau = 0;
  end Link;
  Fixed ground;
  Link l1, l2, l3;
  Boolean root1 = Connections.isRoot(ground.f.a);
  Boolean closer = Connections.rooted(l1.f1.a);
equation
  connect(ground.f, l1.f1);
  connect(l1.f2, l2.f1);
  connect(l2.f2, l3.f1);
  connect(l3.f2, ground.f);
end Overconstrained;

// CHECK:STDOUT: function Overconstrained.Angle.equalityConstraint "mocc_f0_Overconstrained_Angle_equalityConstraint"
// CHECK:STDOUT:   input Real a1.phi;
// CHECK:STDOUT:   input Real a2.phi;
// CHECK:STDOUT:   output Real residue[1];
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   residue[1] := sin(a1.phi - a2.phi);
// CHECK:STDOUT: end Overconstrained.Angle.equalityConstraint;
// CHECK:STDOUT:
// CHECK:STDOUT: class Overconstrained
// CHECK:STDOUT:   Real ground.f.a.phi;
// CHECK:STDOUT:   Real ground.f.tau;
// CHECK:STDOUT:   Real l1.f1.a.phi;
// CHECK:STDOUT:   Real l1.f1.tau;
// CHECK:STDOUT:   Real l1.f2.a.phi;
// CHECK:STDOUT:   Real l1.f2.tau;
// CHECK:STDOUT:   Real l2.f1.a.phi;
// CHECK:STDOUT:   Real l2.f1.tau;
// CHECK:STDOUT:   Real l2.f2.a.phi;
// CHECK:STDOUT:   Real l2.f2.tau;
// CHECK:STDOUT:   Real l3.f1.a.phi;
// CHECK:STDOUT:   Real l3.f1.tau;
// CHECK:STDOUT:   Real l3.f2.a.phi;
// CHECK:STDOUT:   Real l3.f2.tau;
// CHECK:STDOUT:   Boolean root1;
// CHECK:STDOUT:   Boolean closer;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   ground.f.a.phi = 0;
// CHECK:STDOUT:   l1.f2.a.phi = l1.f1.a.phi;
// CHECK:STDOUT:   l1.f1.tau + l1.f2.tau = 0;
// CHECK:STDOUT:   l2.f2.a.phi = l2.f1.a.phi;
// CHECK:STDOUT:   l2.f1.tau + l2.f2.tau = 0;
// CHECK:STDOUT:   l3.f2.a.phi = l3.f1.a.phi;
// CHECK:STDOUT:   l3.f1.tau + l3.f2.tau = 0;
// CHECK:STDOUT:   root1 = 1;
// CHECK:STDOUT:   closer = 1;
// CHECK:STDOUT:   ground.f.tau + l1.f1.tau + l3.f2.tau = 0;
// CHECK:STDOUT:   l1.f2.tau + l2.f1.tau = 0;
// CHECK:STDOUT:   l2.f2.tau + l3.f1.tau = 0;
// CHECK:STDOUT:   ground.f.a.phi = l1.f1.a.phi;
// CHECK:STDOUT:   l1.f2.a.phi = l2.f1.a.phi;
// CHECK:STDOUT:   l2.f2.a.phi = l3.f1.a.phi;
// CHECK:STDOUT:   0 = Overconstrained.Angle.equalityConstraint(l3.f2.a.phi, ground.f.a.phi);
// CHECK:STDOUT: end Overconstrained;
