// RUN: mocc flatten %s
// A class extends written before the extends clause that brings its class,
// in a package that another extends: not supported yet, said plainly.
package Base
  replaceable partial function f
    input Real x;
    output Real y;
  end f;
end Base;
package Mid
  extends Base;
  redeclare replaceable function extends f
  algorithm
    y := 2*x;
  end f;
end Mid;
package Leaf2
  redeclare function extends f
  algorithm
    y := 4*x;
  end f;
  extends Mid;
end Leaf2;
model M
  Real c = Leaf2.f(time);
end M;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_class_extends_before_extends.mo:12:42: error: the class `f` that this `class extends` extends is not known here: a `class extends` written before the extends clause that brings its class, in a class that another class extends, is not supported yet
// CHECK:STDERR:   redeclare replaceable function extends f
// CHECK:STDERR:                                          ^
// CHECK:STDERR: fail_class_extends_before_extends.mo:25:20: error: too many arguments: `Leaf2.f` has 0 input(s)
// CHECK:STDERR:   Real c = Leaf2.f(time);
// CHECK:STDERR:                    ^~~~
