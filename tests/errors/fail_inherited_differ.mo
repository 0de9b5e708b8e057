// RUN: mocc check %s
// Inherited elements with the same name must be identical (MLS 7.3.3);
// connected parameters must be equal (MLS 9.3).
model InheritedDiffer
  partial model A
    parameter Integer m = 3;
  end A;
  partial model B
    parameter Integer m = 4;
  end B;
  model C
    extends A;
    extends B;
  end C;
  connector P
    parameter Integer n = 1;
    Real v;
    flow Real i;
  end P;
  model D
    P p(n = 1), q(n = 2);
  equation
    connect(p, q);
  end D;
  C c;
  D d;
end InheritedDiffer;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_inherited_differ.mo:9:5: error: `m` is already declared in `InheritedDiffer.B`
// CHECK:STDERR:     parameter Integer m = 4;
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_inherited_differ.mo:6:5: note: the other declaration, which is not identical
// CHECK:STDERR:     parameter Integer m = 3;
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_inherited_differ.mo:23:5: error: connected parameters differ: `d.p.n` and `d.q.n`
// CHECK:STDERR:     connect(p, q);
// CHECK:STDERR:     ^~~~~~~~~~~~~
