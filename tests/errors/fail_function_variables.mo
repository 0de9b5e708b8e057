// RUN: mocc check %s
// Variables and assignments of functions that flattening refuses (MLS 12.2,
// 12.4.2 functional arguments, 12.9.7 external objects), one function each.
model FunctionVariables
  class EO
    extends ExternalObject;
    function constructor
      output EO eo;
    external "C" eo = eoNew();
    end constructor;
    function destructor
      input EO eo;
    external "C" eoFree(eo);
    end destructor;
  end EO;
  record R
    Real x;
  end R;
  partial function PF
    input Real u;
    output Real y;
  end PF;
  function apply
    input PF g;
    input Real u;
    output Real y;
  algorithm
    y := g(u);
  end apply;
  function useEO
    input EO eo;
    output Real y = 1;
  end useEO;
  function f1
    input Real u;
    output Real y;
  algorithm
    y := u;
    y.x := 1;
  end f1;
  function f3
    input Real u;
    output Real y;
  protected
    R r[2];
    Integer i = integer(u);
  algorithm
    r[i] := R(u);
    y := u;
  end f3;
  function f4
    input Real u;
    output Real y;
  algorithm
    assert();
    y := u;
  end f4;
  function f5
    input Integer n;
    output Real y[n] = ones(n);
  end f5;
  parameter EO eo = EO();
  Real a = apply(1, 2);
  Real b = useEO(1);
  Real d = f1(1);
  Real g = f3(1);
  Real h = f4(1);
  Integer k(start = 1, fixed = true);
  Real m[2] = f5(k);
equation
  when time > 0.5 then
    k = 2;
  end when;
end FunctionVariables;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_function_variables.mo:24:14: error: the functional input `g` needs a function as its argument
// CHECK:STDERR:     input PF g;
// CHECK:STDERR:              ^
// CHECK:STDERR: fail_function_variables.mo:31:14: error: the argument for `eo` is not an external object of class `FunctionVariables.EO`
// CHECK:STDERR:     input EO eo;
// CHECK:STDERR:              ^~
// CHECK:STDERR: fail_function_variables.mo:39:7: error: `x` is not a field of a scalar
// CHECK:STDERR:     y.x := 1;
// CHECK:STDERR:       ^
// CHECK:STDERR: fail_function_variables.mo:48:5: error: an assignment with a subscript known only at run time must assign elements of an array of numbers
// CHECK:STDERR:     r[i] := R(u);
// CHECK:STDERR:     ^~~~~~~~~~~~
// CHECK:STDERR: fail_function_variables.mo:55:5: error: `assert` needs a condition and a message
// CHECK:STDERR:     assert();
// CHECK:STDERR:     ^~~~~~~~
// CHECK:STDERR: fail_function_variables.mo:69:15: error: the sizes of `FunctionVariables.f5` depend on its input `n`, which must be a parameter expression here
// CHECK:STDERR:   Real m[2] = f5(k);
// CHECK:STDERR:               ^~~~~
