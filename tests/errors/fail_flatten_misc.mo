// RUN: mocc check %s
// More that flattening refuses: a binding of another type, operands and
// range bounds, a model in a function, assignments in functions, an
// unsupported Connections operator, an external object constructor of the
// wrong type and a while-loop in a model's algorithm, one per line.
model FlattenMisc
  model Part
    Real y;
  end Part;
  record R
    Real x;
  end R;
  package P
    constant Real c = 1;
  end P;
  class EO
    extends ExternalObject;
    function constructor
      output Real eo;
    external "C" eo = eoNew();
    end constructor;
    function destructor
      input EO eo;
    external "C" eoFree(eo);
    end destructor;
  end EO;
  function f1
    input Real u;
    output Real y;
  protected
    Part p;
  algorithm
    y := u;
  end f1;
  function f2
    input Real u;
    output Real y;
  algorithm
    P.c := u;
    y := u;
  end f2;
  function f3
    input Real u;
    output Real y;
  protected
    R r;
  algorithm
    r := u;
    y := u;
  end f3;
  Real v[2] = {1, 2};
  String str = "a";
  Real x = time;
  Boolean bb = 1.5;
  Real q;
  Real m1 = sum(v * str);
  Real m2 = sum({1, 2}:3);
  Real a1 = f1(1);
  Real a2 = f2(1);
  Real a3 = f3(1);
  parameter EO eo = EO();
equation
  Connections.uniqueRoot(x, "m");
algorithm
  while x > 2 loop
    q := 1;
  end while;
end FlattenMisc;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_flatten_misc.mo:63:3: error: `Connections.uniqueRoot` is not supported yet
// CHECK:STDERR:   Connections.uniqueRoot(x, "m");
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_flatten_misc.mo:54:16: error: type mismatch: `bb` is of type `Boolean` but its binding is a Real expression
// CHECK:STDERR:   Boolean bb = 1.5;
// CHECK:STDERR:                ^~~
// CHECK:STDERR: fail_flatten_misc.mo:56:17: error: operator `*` needs numeric operands, not `Real` and `String`
// CHECK:STDERR:   Real m1 = sum(v * str);
// CHECK:STDERR:                 ^~~~~~~
// CHECK:STDERR: fail_flatten_misc.mo:57:17: error: the bounds of a range must be scalars
// CHECK:STDERR:   Real m2 = sum({1, 2}:3);
// CHECK:STDERR:                 ^~~~~~~~
// CHECK:STDERR: fail_flatten_misc.mo:31:10: error: function variables of class `FlattenMisc.Part` are not supported (only built-in types and records)
// CHECK:STDERR:     Part p;
// CHECK:STDERR:          ^
// CHECK:STDERR: fail_flatten_misc.mo:39:5: error: `P.c` is not a variable of the function `FlattenMisc.f2` and cannot be assigned
// CHECK:STDERR:     P.c := u;
// CHECK:STDERR:     ^~~
// CHECK:STDERR: fail_flatten_misc.mo:48:5: error: cannot assign a scalar to a record `FlattenMisc.R`
// CHECK:STDERR:     r := u;
// CHECK:STDERR:     ^~~~~~
// CHECK:STDERR: fail_flatten_misc.mo:61:21: error: the constructor of `FlattenMisc.EO` must return a `FlattenMisc.EO`
// CHECK:STDERR:   parameter EO eo = EO();
// CHECK:STDERR:                     ^~~~
// CHECK:STDERR: fail_flatten_misc.mo:65:3: error: a while-loop in an algorithm section of a model is not supported yet
// CHECK:STDERR:   while x > 2 loop
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~
