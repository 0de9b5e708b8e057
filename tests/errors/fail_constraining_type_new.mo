// RUN: mocc check %s
// A replaceable redeclaration with a constraining type of its own: that
// type must itself fit the original constraining type (MLS 7.3.2).
model ConstrainingTypeNew
  class A
    Real x = 1;
  end A;
  class B
    Real x = 2;
    Real y = 3;
  end B;
  class W
    Real w = 0;
  end W;
  class C
    replaceable A a constrainedby A;
  end C;
  C c(redeclare replaceable B a constrainedby W);
end ConstrainingTypeNew;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_constraining_type_new.mo:18:33: error: the new constraining type of `a` does not fit: it has no public component `x`
// CHECK:STDERR:   C c(redeclare replaceable B a constrainedby W);
// CHECK:STDERR:                                 ^~~~~~~~~~~~~~~
