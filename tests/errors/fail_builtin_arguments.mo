// RUN: mocc check %s
// Built-in functions and operators with arguments they do not take (MLS
// 3.7 and 10.3), one per binding.
model BuiltinArguments
  record R
    Real x;
  end R;
  function g
    input Real u;
  algorithm
  end g;
  function h
    input Real u;
    output Real y;
  algorithm
    y := initial() + u;
  end h;
  type E = enumeration(a, b);
  Real v[3] = {1, 2, 3};
  Real m[2, 3] = {{1, 2, 3}, {4, 5, 6}};
  Real t3[2, 1, 2] = {{{1, 2}}, {{3, 4}}};
  Boolean bv[2] = {true, false};
  String str = "a";
  R r(x = 1);
  Real x(start = 1, fixed = true);
  Real b1 = h();
  Real b2 = abs(1, 2);
  Real b3 = abs(str);
  Real b4 = sum(ones(v));
  Real b5 = sum(bv);
  Real b6 = max(v, v);
  Real b7 = max(1.0);
  E b8 = max(fill(E.a, 0));
  Real b9 = size(v, 2);
  Real b10 = sum(diagonal(m));
  Real b11 = sum(transpose(v));
  Real b12 = sum(cross(v, {1, 2}));
  Real b13 = sum(outerProduct(m, v));
  Real b14 = sum(linspace(0, 1, 1));
  Real b15 = scalar(v);
  Real b16 = sum(vector(m));
  Real b17 = sum(matrix(t3));
  Real b18 = sum(cat(3, v, v));
  Real b19 = sum(cat(1, v, m));
  Real b20 = sum(semiLinear(v, m, m));
  Real b21 = Connections.rooted(x);
  Real b22 = sum(symmetric(m));
  Real b23 = h(1);
  Real b24 = if sample(1, 2, 3) then 1 else 0;
  Real b25 = pre(1, 2);
  Real b26 = if sample(v, 1) then 1 else 0;
  Real b27 = pre(r);
  Real b28 = pre(2 * x);
  Real b29 = cardinality(1);
  Real b30 = g(1);
  String b31 = getInstanceName(1);
  Real b32 = reinit(x, 1);
  Real b33 = ticksInState();
  Real b34 = spatialDistribution(x);
  Real b35 = der(x for i in 1:2);
  Real b36 = abs(u = 1);
  Real b37 = sum(ones(2.5));
equation
  der(x) = -x;
end BuiltinArguments;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_builtin_arguments.mo:26:13: error: missing argument for the input `u` of `BuiltinArguments.h`
// CHECK:STDERR:   Real b1 = h();
// CHECK:STDERR:             ^~~
// CHECK:STDERR: fail_builtin_arguments.mo:27:13: error: `abs` takes 1 argument(s), but 2 were given
// CHECK:STDERR:   Real b2 = abs(1, 2);
// CHECK:STDERR:             ^~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:28:13: error: `abs` needs numeric arguments
// CHECK:STDERR:   Real b3 = abs(str);
// CHECK:STDERR:             ^~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:29:22: error: `ones` needs a scalar Integer here
// CHECK:STDERR:   Real b4 = sum(ones(v));
// CHECK:STDERR:                      ^
// CHECK:STDERR: fail_builtin_arguments.mo:30:13: error: `sum` needs Integer or Real elements, not Boolean
// CHECK:STDERR:   Real b5 = sum(bv);
// CHECK:STDERR:             ^~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:31:13: error: `max` of two arguments needs scalars
// CHECK:STDERR:   Real b6 = max(v, v);
// CHECK:STDERR:             ^~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:32:13: error: `max` of one argument needs an array
// CHECK:STDERR:   Real b7 = max(1.0);
// CHECK:STDERR:             ^~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:33:10: error: `max` of an empty array of enumeration values is not supported yet
// CHECK:STDERR:   E b8 = max(fill(E.a, 0));
// CHECK:STDERR:          ^~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:34:13: error: dimension 2 is out of range for an array of rank 1
// CHECK:STDERR:   Real b9 = size(v, 2);
// CHECK:STDERR:             ^~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:35:18: error: `diagonal` needs a vector
// CHECK:STDERR:   Real b10 = sum(diagonal(m));
// CHECK:STDERR:                  ^~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:36:18: error: `transpose` needs a matrix
// CHECK:STDERR:   Real b11 = sum(transpose(v));
// CHECK:STDERR:                  ^~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:37:18: error: `cross` needs vectors of size 3
// CHECK:STDERR:   Real b12 = sum(cross(v, {1, 2}));
// CHECK:STDERR:                  ^~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:38:18: error: `outerProduct` needs two vectors
// CHECK:STDERR:   Real b13 = sum(outerProduct(m, v));
// CHECK:STDERR:                  ^~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:39:18: error: `linspace` needs at least 2 points
// CHECK:STDERR:   Real b14 = sum(linspace(0, 1, 1));
// CHECK:STDERR:                  ^~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:40:14: error: `scalar` needs an array with exactly one element
// CHECK:STDERR:   Real b15 = scalar(v);
// CHECK:STDERR:              ^~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:41:18: error: `vector` needs an array with at most one dimension of size > 1
// CHECK:STDERR:   Real b16 = sum(vector(m));
// CHECK:STDERR:                  ^~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:42:18: error: `matrix` needs the dimensions after the second to be 1
// CHECK:STDERR:   Real b17 = sum(matrix(t3));
// CHECK:STDERR:                  ^~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:43:18: error: `cat` dimension 3 is out of range
// CHECK:STDERR:   Real b18 = sum(cat(3, v, v));
// CHECK:STDERR:                  ^~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:44:18: error: the arrays given to `cat` have incompatible shapes
// CHECK:STDERR:   Real b19 = sum(cat(1, v, m));
// CHECK:STDERR:                  ^~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:45:18: error: the arguments of `semiLinear` have different shapes [3] and [2, 3]
// CHECK:STDERR:   Real b20 = sum(semiLinear(v, m, m));
// CHECK:STDERR:                  ^~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:46:14: error: `x` is not part of the overconstrained connection graph
// CHECK:STDERR:   Real b21 = Connections.rooted(x);
// CHECK:STDERR:              ^~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:47:18: error: `symmetric` needs a square matrix, not an array [2, 3]
// CHECK:STDERR:   Real b22 = sum(symmetric(m));
// CHECK:STDERR:                  ^~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:16:10: error: `initial()` cannot be used in a function
// CHECK:STDERR:     y := initial() + u;
// CHECK:STDERR:          ^~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:49:17: error: `sample` takes 1 or 2 argument(s)
// CHECK:STDERR:   Real b24 = if sample(1, 2, 3) then 1 else 0;
// CHECK:STDERR:                 ^~~~~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:50:14: error: `pre` takes 1 argument(s)
// CHECK:STDERR:   Real b25 = pre(1, 2);
// CHECK:STDERR:              ^~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:51:17: error: `sample` needs a scalar start and interval
// CHECK:STDERR:   Real b26 = if sample(v, 1) then 1 else 0;
// CHECK:STDERR:                 ^~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:52:14: error: `pre` needs a variable of a built-in type
// CHECK:STDERR:   Real b27 = pre(r);
// CHECK:STDERR:              ^~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:53:18: error: the argument of `pre` must be a variable
// CHECK:STDERR:   Real b28 = pre(2 * x);
// CHECK:STDERR:                  ^~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:54:14: error: `cardinality` needs one argument that names a component
// CHECK:STDERR:   Real b29 = cardinality(1);
// CHECK:STDERR:              ^~~~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:55:14: error: `BuiltinArguments.g` has no output, so its call has no value
// CHECK:STDERR:   Real b30 = g(1);
// CHECK:STDERR:              ^~~~
// CHECK:STDERR: fail_builtin_arguments.mo:56:16: error: `getInstanceName()` takes no arguments
// CHECK:STDERR:   String b31 = getInstanceName(1);
// CHECK:STDERR:                ^~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:57:14: error: `reinit()` is an equation or statement, not an expression
// CHECK:STDERR:   Real b32 = reinit(x, 1);
// CHECK:STDERR:              ^~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:58:14: error: `ticksInState()` is not supported yet (clocked synchronous partitions and state machines, MLS 16 and 17)
// CHECK:STDERR:   Real b33 = ticksInState();
// CHECK:STDERR:              ^~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:59:14: error: `spatialDistribution()` is not supported yet
// CHECK:STDERR:   Real b34 = spatialDistribution(x);
// CHECK:STDERR:              ^~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:60:14: error: `der` cannot be used as a reduction with `for`
// CHECK:STDERR:   Real b35 = der(x for i in 1:2);
// CHECK:STDERR:              ^~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:61:18: error: `abs` has no named arguments
// CHECK:STDERR:   Real b36 = abs(u = 1);
// CHECK:STDERR:                  ^~~~~
// CHECK:STDERR: fail_builtin_arguments.mo:62:23: error: this argument of `ones` must be an Integer parameter expression
// CHECK:STDERR:   Real b37 = sum(ones(2.5));
// CHECK:STDERR:                       ^~~
