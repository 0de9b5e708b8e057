// RUN: mocc check %s
// The restrictions of functions (MLS 12.2).
model FunctionRestrictions
  function f
    input Integer a;
    output Integer b;
    Integer c;
  protected
    input Integer d;
  algorithm
    a := 1;
    b := a;
  algorithm
    c := b;
  end f;
  function g
    input Real x;
    output Real y;
  equation
    y = x;
  end g;
  Integer i = f(2);
  Real r = g(1);
end FunctionRestrictions;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_function_restrictions.mo:7:13: error: the public component `c` of the function `FunctionRestrictions.f` is neither an input nor an output (declare it protected)
// CHECK:STDERR:     Integer c;
// CHECK:STDERR:             ^
// CHECK:STDERR: fail_function_restrictions.mo:9:19: error: the input `d` of the function `FunctionRestrictions.f` cannot be protected
// CHECK:STDERR:     input Integer d;
// CHECK:STDERR:                   ^
// CHECK:STDERR: fail_function_restrictions.mo:13:3: error: a function can have one algorithm section only
// CHECK:STDERR:   algorithm
// CHECK:STDERR:   ^~~~~~~~~
// CHECK:STDERR: fail_function_restrictions.mo:10:3: note: the first algorithm section
// CHECK:STDERR:   algorithm
// CHECK:STDERR:   ^~~~~~~~~
// CHECK:STDERR: fail_function_restrictions.mo:11:5: error: the input `a` of the function `FunctionRestrictions.f` cannot be assigned
// CHECK:STDERR:     a := 1;
// CHECK:STDERR:     ^
// CHECK:STDERR: fail_function_restrictions.mo:5:19: note: declared here
// CHECK:STDERR:     input Integer a;
// CHECK:STDERR:                   ^
// CHECK:STDERR: fail_function_restrictions.mo:19:3: error: a function cannot have an equation section
// CHECK:STDERR:   equation
// CHECK:STDERR:   ^~~~~~~~
