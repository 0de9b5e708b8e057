// RUN: mocc check %s
// A redeclaration in a class's body of an inherited element that may not
// be redeclared: final, constant, or of the other visibility (MLS 7.3).
model RedeclareInherited
  model Base
    final replaceable Real a;
    replaceable constant Real b = 1;
    protected replaceable Real c;
    public replaceable Real d;
  end Base;
  model Derived
    extends Base;
    redeclare Real a;
    redeclare constant Real b = 2;
    redeclare Real c;
  protected
    redeclare Real d;
  end Derived;
  Derived x;
end RedeclareInherited;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_redeclare_inherited.mo:13:5: error: `a` is final and cannot be redeclared
// CHECK:STDERR:     redeclare Real a;
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare_inherited.mo:6:5: note: the inherited declaration
// CHECK:STDERR:     final replaceable Real a;
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare_inherited.mo:14:5: error: `b` is a constant and cannot be redeclared
// CHECK:STDERR:     redeclare constant Real b = 2;
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare_inherited.mo:7:5: note: the inherited declaration
// CHECK:STDERR:     replaceable constant Real b = 1;
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare_inherited.mo:15:5: error: `c` is protected and cannot be redeclared as public
// CHECK:STDERR:     redeclare Real c;
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare_inherited.mo:8:15: note: the inherited declaration
// CHECK:STDERR:     protected replaceable Real c;
// CHECK:STDERR:               ^~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare_inherited.mo:17:5: error: `d` is public and cannot be redeclared as protected
// CHECK:STDERR:     redeclare Real d;
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare_inherited.mo:9:12: note: the inherited declaration
// CHECK:STDERR:     public replaceable Real d;
// CHECK:STDERR:            ^~~~~~~~~~~~~~~~~~
