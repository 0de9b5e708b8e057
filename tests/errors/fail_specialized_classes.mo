// RUN: mocc check %s
// What each specialized class may contain (MLS 4.6).
model SpecializedClasses
  record R
    input Real x = 1;
  protected
    Real y = 2;
  equation
    y = x;
  end R;
  connector C
    inner Real e = 1;
    flow Real f;
  end C;
  package P
    constant Real c = 1;
    parameter Real p = 1;
  end P;
  expandable connector Bus
    flow Real f;
  end Bus;
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  block B
    Pin pin;
  end B;
  model M
    Real x;
  end M;
  record Holder
    M m;
  end Holder;
  R r;
  C c;
  Real q = P.c;
  Bus bus;
  B b;
  Holder h;
  stream Real s = 1;
end SpecializedClasses;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_specialized_classes.mo:41:15: error: `s` is declared `stream` outside a connector
// CHECK:STDERR:   stream Real s = 1;
// CHECK:STDERR:               ^
// CHECK:STDERR: fail_specialized_classes.mo:8:3: error: a record cannot have an equation section
// CHECK:STDERR:   equation
// CHECK:STDERR:   ^~~~~~~~
// CHECK:STDERR: fail_specialized_classes.mo:7:5: error: a record cannot have protected elements
// CHECK:STDERR:     Real y = 2;
// CHECK:STDERR:     ^~~~~~~~~~
// CHECK:STDERR: fail_specialized_classes.mo:5:16: error: an element of a record cannot be declared `input`
// CHECK:STDERR:     input Real x = 1;
// CHECK:STDERR:                ^
// CHECK:STDERR: fail_specialized_classes.mo:12:16: error: an element of a connector cannot be declared `inner`
// CHECK:STDERR:     inner Real e = 1;
// CHECK:STDERR:                ^
// CHECK:STDERR: fail_specialized_classes.mo:20:15: error: an expandable connector cannot declare the flow variable `f`
// CHECK:STDERR:     flow Real f;
// CHECK:STDERR:               ^
// CHECK:STDERR: fail_specialized_classes.mo:17:20: error: a package may only contain classes and constants, and `p` is not a constant
// CHECK:STDERR:     parameter Real p = 1;
// CHECK:STDERR:                    ^
// CHECK:STDERR: fail_specialized_classes.mo:27:9: error: the connector `pin` of a block has the variable `v`, which is neither an input nor an output
// CHECK:STDERR:     Pin pin;
// CHECK:STDERR:         ^~~
// CHECK:STDERR: fail_specialized_classes.mo:33:7: error: a record may only contain components of records and types, and `m` is a model
// CHECK:STDERR:     M m;
// CHECK:STDERR:       ^
