// RUN: mocc check %s
// Two base classes declaring an element of one name must declare identical
// elements after the extends clauses' modifications (MLS 7.1): here A's `v`
// with `v(min = 1)` differs from B's `v(min = 0)`, and A's `k` with `k = 3`
// from B's `k = 2`, though their declarations read the same.
model InheritedDifferAfterModification
  partial model A
    parameter Real k = 2;
    Real v(start = 1);
  end A;
  partial model B
    parameter Real k = 2;
    Real v(min = 0, start = 1);
  equation
    der(v) = -k*v;
  end B;
  model C
    extends A(v(min = 1), k = 3);
    extends B;
  end C;
  C c;
end InheritedDifferAfterModification;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_inherited_differ_after_modification.mo:12:5: error: `k` is already declared in `InheritedDifferAfterModification.B`
// CHECK:STDERR:     parameter Real k = 2;
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_inherited_differ_after_modification.mo:8:5: note: the other declaration, which is not identical
// CHECK:STDERR:     parameter Real k = 2;
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_inherited_differ_after_modification.mo:13:5: error: `v` is already declared in `InheritedDifferAfterModification.B`
// CHECK:STDERR:     Real v(min = 0, start = 1);
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_inherited_differ_after_modification.mo:9:5: note: the other declaration, which is not identical
// CHECK:STDERR:     Real v(start = 1);
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~
