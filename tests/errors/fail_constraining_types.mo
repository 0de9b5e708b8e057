// RUN: mocc check %s
// A replaceable element is a subtype of its constraining type, and so is
// every redeclaration of it, also after a replaceable redeclaration with a
// new constraining type (MLS 7.3.2); the dimensions of a declaration are
// not part of its type.
model ConstrainingTypes
  class A
    Real x = 1;
  end A;
  class B
    Real x = 2;
    Real y = 3;
  end B;
  class C
    replaceable B b constrainedby B;
    replaceable class D = B;
    D d;
  end C;
  class E
    extends C(replaceable B b constrainedby B);
  end E;
  type Real3 = Real[3];
  type Real23 = Real[2, 3];
  replaceable A a constrainedby B;
  replaceable Real3 r[2] = {{1, 2, 3}, {4, 5, 6}} constrainedby Real23;
  C c(redeclare A b, redeclare class D = A);
  E e(redeclare A b);
end ConstrainingTypes;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_constraining_types.mo:24:17: error: `a` is not a subtype of its constraining type `B`: it has no public component `y`
// CHECK:STDERR:   replaceable A a constrainedby B;
// CHECK:STDERR:                 ^
// CHECK:STDERR: fail_constraining_types.mo:25:21: error: `r` is not a subtype of its constraining type `Real23`: its dimensions differ
// CHECK:STDERR:   replaceable Real3 r[2] = {{1, 2, 3}, {4, 5, 6}} constrainedby Real23;
// CHECK:STDERR:                     ^
// CHECK:STDERR: fail_constraining_types.mo:26:7: error: the redeclaration of `b` is not a subtype of its constraining type: it has no public component `y`
// CHECK:STDERR:   C c(redeclare A b, redeclare class D = A);
// CHECK:STDERR:       ^~~~~~~~~~~~~
// CHECK:STDERR: fail_constraining_types.mo:26:22: error: the redeclaration of `D` is not a subtype of its constraining type: it has no public component `y`
// CHECK:STDERR:   C c(redeclare A b, redeclare class D = A);
// CHECK:STDERR:                      ^~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_constraining_types.mo:27:7: error: the redeclaration of `b` is not a subtype of its constraining type: it has no public component `y`
// CHECK:STDERR:   E e(redeclare A b);
// CHECK:STDERR:       ^~~~~~~~~~~~~
