// RUN: mocc check %s
// Which specialized class may extend which (MLS 7.1.3), operator records as
// base classes (MLS 4.6), replaceable base classes (MLS 7.1.4), and extends
// of a simple type combined with other elements.
model BaseClasses
  connector Base
    Real x;
    flow Real f;
  end Base;
  block Derived
    extends Base;
  end Derived;
  operator record OR
    Real x;
  end OR;
  operator record OR2
    extends OR;
  end OR2;
  connector IC
    extends Real;
    Real e;
  end IC;
  replaceable model A
    Real a = 1;
  end A;
  extends A;
  Derived d;
  OR2 or2;
  IC ic;
end BaseClasses;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_base_classes.mo:21:10: error: `IC` extends the simple type `Real` and so cannot have components
// CHECK:STDERR:     Real e;
// CHECK:STDERR:          ^
// CHECK:STDERR: fail_base_classes.mo:26:11: error: the base class `A` is replaceable; a base class must not be
// CHECK:STDERR:   extends A;
// CHECK:STDERR:           ^
// CHECK:STDERR: fail_base_classes.mo:23:3: note: declared replaceable here
// CHECK:STDERR:   replaceable model A
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_base_classes.mo:11:13: error: a block cannot extend the connector `BaseClasses.Base`
// CHECK:STDERR:     extends Base;
// CHECK:STDERR:             ^~~~
// CHECK:STDERR: fail_base_classes.mo:17:13: error: an operator record can only be extended by a short class definition, and `BaseClasses.OR2` extends `BaseClasses.OR`
// CHECK:STDERR:     extends OR;
// CHECK:STDERR:             ^~
