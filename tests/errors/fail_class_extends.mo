// RUN: mocc check %s
// `class extends` replaces an inherited class that is replaceable only
// (MLS 7.3.1).
model ClassExtendsNotReplaceable
  model A
    model B
      Real x = 1;
    end B;
  end A;
  extends A;
  redeclare model extends B
    Real y = 2;
  end B;
  B b;
end ClassExtendsNotReplaceable;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_class_extends.mo:11:27: error: `B` is extended by `class extends`, but the inherited class is not replaceable
// CHECK:STDERR:   redeclare model extends B
// CHECK:STDERR:                           ^
// CHECK:STDERR: fail_class_extends.mo:6:5: note: the inherited class
// CHECK:STDERR:     model B
// CHECK:STDERR:     ^~~~~~~
// CHECK:STDERR: fail_class_extends.mo:11:27: error: `B` is extended by `class extends`, but the inherited class is not replaceable
// CHECK:STDERR:   redeclare model extends B
// CHECK:STDERR:                           ^
// CHECK:STDERR: fail_class_extends.mo:6:5: note: the inherited class
// CHECK:STDERR:     model B
// CHECK:STDERR:     ^~~~~~~
