// RUN: mocc check %s
// Class restrictions (MLS 4.6, 7.1) that the semantic check reports.
model CheckClasses
  operator O
    constant Real k = 1;
  end O;
  model M end M;
  connector C
    Real v;
    M m;
  end C;
  function F
    input Real u;
    output Real y;
  algorithm
    y := u;
  external "C";
  end F;
  package Q
    operator record R
      Real re;
    end R;
  end Q;
  package Q2
    extends Q;
  end Q2;
  model Inherits
    model Base end Base;
  end Inherits;
  model UsesInherited
    extends Inherits;
    extends Base;
  end UsesInherited;
  C c;
  UsesInherited u;
  Q2.R r;
  Real k = O.k;
  Real z1 = F(1);
end CheckClasses;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_check_classes.mo:5:5: error: an operator may only contain functions
// CHECK:STDERR:     constant Real k = 1;
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_check_classes.mo:32:13: error: the base class `Base` is found among the inherited elements; the name of a base class cannot be inherited
// CHECK:STDERR:     extends Base;
// CHECK:STDERR:             ^~~~
// CHECK:STDERR: fail_check_classes.mo:28:5: note: inherited from `CheckClasses.Inherits`
// CHECK:STDERR:     model Base end Base;
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_check_classes.mo:25:13: error: `CheckClasses.Q` encloses the operator record `R` and so cannot be extended
// CHECK:STDERR:     extends Q;
// CHECK:STDERR:             ^
// CHECK:STDERR: fail_check_classes.mo:10:7: error: a connector may only contain components of connectors, records and types, and `m` is a model
// CHECK:STDERR:     M m;
// CHECK:STDERR:       ^
// CHECK:STDERR: fail_check_classes.mo:17:3: error: a function cannot have both an algorithm section and an external clause
// CHECK:STDERR:   external "C";
// CHECK:STDERR:   ^~~~~~~~~~~~~
