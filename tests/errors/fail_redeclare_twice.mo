// RUN: mocc check %s
// A redeclaration without `replaceable` ends the element's replaceability,
// and a final element is not redeclared (MLS 7.3).
model RedeclareTwice
  model M1
    Real x = 1;
  end M1;
  model M2
    Real x = 2;
    Real y = 3;
  end M2;
  model A
    replaceable M1 m;
    final replaceable model F
      Real f = 1;
    end F;
    F f;
  end A;
  model B
    extends A(redeclare M1 m);
  end B;
  model C
    extends B(redeclare M2 m);
  end C;
  C c;
  A a(redeclare model F = M1);
end RedeclareTwice;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_redeclare_twice.mo:23:15: error: this element was redeclared without `replaceable` and cannot be redeclared again
// CHECK:STDERR:     extends B(redeclare M2 m);
// CHECK:STDERR:               ^~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare_twice.mo:20:15: note: the earlier redeclaration
// CHECK:STDERR:     extends A(redeclare M1 m);
// CHECK:STDERR:               ^~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare_twice.mo:26:7: error: `F` is declared `final` and cannot be redeclared
// CHECK:STDERR:   A a(redeclare model F = M1);
// CHECK:STDERR:       ^~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare_twice.mo:14:5: note: declared here
// CHECK:STDERR:     final replaceable model F
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~~~~~~
