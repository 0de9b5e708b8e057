// RUN: mocc check %s
// Protected elements are not accessed by dot notation nor modified from
// outside their class; a protected extends makes its elements protected
// (MLS 4.1, 7.1.2).
model Visibility
  model A
    Real y = 1;
  protected
    Real x = 2;
    model B
      Real z = 3;
    end B;
  end A;
  model C
  protected
    extends A;
  end C;
  A a;
  A m(x = 4);
  C c;
  A.B ab;
  Real u = a.x;
  Real v = c.y;
end Visibility;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_visibility.mo:19:7: error: `x` is a protected element of `Visibility.A` and cannot be modified from outside it
// CHECK:STDERR:   A m(x = 4);
// CHECK:STDERR:       ^~~~~
// CHECK:STDERR: fail_visibility.mo:21:3: error: `B` is a protected element of `Visibility.A` and cannot be accessed from outside it
// CHECK:STDERR:   A.B ab;
// CHECK:STDERR:   ^~~
// CHECK:STDERR: fail_visibility.mo:22:14: error: `x` is a protected element of `a` and cannot be accessed from outside it
// CHECK:STDERR:   Real u = a.x;
// CHECK:STDERR:              ^
// CHECK:STDERR: fail_visibility.mo:23:14: error: `y` is a protected element of `c` and cannot be accessed from outside it
// CHECK:STDERR:   Real v = c.y;
// CHECK:STDERR:              ^
