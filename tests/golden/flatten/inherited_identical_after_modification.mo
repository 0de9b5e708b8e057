// RUN: mocc flatten %s
// Two base classes declaring an element of one name: allowed when the two
// elements of the flattened base classes are identical, compared after the
// extends clauses' modifications (MLS 7.1); one is kept. Here A's `v` with
// the modification `v(min = 0)` is B's `v(start = 1, min = 0)`: the order of
// the arguments does not matter (the MSL's PartialTwoPortTransport and
// PartialLumpedFlow both declare m_flow this way).
model InheritedIdenticalAfterModification
  partial model A
    parameter Real k = 2;
    Real v(start = 1) "A's description";
  end A;
  partial model B
    parameter Real k = 2 "other description";
    Real v(min = 0, start = 1);
  equation
    der(v) = -k*v;
  end B;
  model C
    extends A(v(min = 0));
    extends B;
  end C;
  C c;
end InheritedIdenticalAfterModification;

// CHECK:STDOUT: class InheritedIdenticalAfterModification
// CHECK:STDOUT:   parameter Real c.k = 2;
// CHECK:STDOUT:   Real c.v(min = 0, start = 1) "A's description";
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(c.v) = -c.k * c.v;
// CHECK:STDOUT: end InheritedIdenticalAfterModification;
