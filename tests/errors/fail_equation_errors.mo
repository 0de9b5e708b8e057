// RUN: mocc check %s
// Equations and declarations that flattening refuses (MLS 8.3, 10.1, 4.4.4),
// one per equation or component.
model EquationErrors
  function two
    input Real u;
    output Real a = u;
    output Real b = u;
  end two;
  impure function ip
    input Real u;
    output Real y = u;
  end ip;
  record R
    Real x;
  end R;
  parameter Integer n = -1;
  Real a1, a2, a3, a4, a5, a6;
  Real d[n];
  Real e[:];
  Real g[2](start = {1, 2, 3});
  Real h(start = "a");
  Real k(min = time);
  R r = 1;
  Real t[2] = {1, 2, 3};
  Integer i = "a";
  Real s(start = 1, fixed = true);
equation
  (a1, a2) = a3;
  (a1, t) = two(1);
  a3 = ip(time);
  assert();
  assert(1 > 2, "never");
  when time > 0.5 then
    a4 + 1 = 2;
    connect(a1, a2);
  end when;
  a5 = r;
  if time > 0.5 then
    a6 = 1;
  else
  end if;
  a3 = ip(time);
  der(s) = -s;
initial equation
  when time > 0.5 then
    s = 1;
  end when;
end EquationErrors;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_equation_errors.mo:19:10: error: array dimension -1 is negative
// CHECK:STDERR:   Real d[n];
// CHECK:STDERR:          ^
// CHECK:STDERR: fail_equation_errors.mo:20:10: error: the size of dimension 1 of `e` is unknown: it has `:` and no binding gives it
// CHECK:STDERR:   Real e[:];
// CHECK:STDERR:          ^
// CHECK:STDERR: fail_equation_errors.mo:21:21: error: attribute `start` of `g` has shape [3] but the variable has shape [2]
// CHECK:STDERR:   Real g[2](start = {1, 2, 3});
// CHECK:STDERR:                     ^~~~~~~~~
// CHECK:STDERR: fail_equation_errors.mo:22:18: error: attribute `start` must not be a String
// CHECK:STDERR:   Real h(start = "a");
// CHECK:STDERR:                  ^~~
// CHECK:STDERR: fail_equation_errors.mo:24:9: error: the binding of `r` is a scalar but the component is a record `EquationErrors.R`
// CHECK:STDERR:   R r = 1;
// CHECK:STDERR:         ^
// CHECK:STDERR: fail_equation_errors.mo:25:15: error: the binding of `t` has shape [3] but the variable has shape [2]
// CHECK:STDERR:   Real t[2] = {1, 2, 3};
// CHECK:STDERR:               ^~~~~~~~~
// CHECK:STDERR: fail_equation_errors.mo:26:15: error: type mismatch: `i` is of type `Integer` but its binding is a String
// CHECK:STDERR:   Integer i = "a";
// CHECK:STDERR:               ^~~
// CHECK:STDERR: fail_equation_errors.mo:29:14: error: the right side of an equation with a list of targets must be a function call
// CHECK:STDERR:   (a1, a2) = a3;
// CHECK:STDERR:              ^~
// CHECK:STDERR: fail_equation_errors.mo:30:8: error: output 2 is a scalar but its target is an array [2]
// CHECK:STDERR:   (a1, t) = two(1);
// CHECK:STDERR:        ^
// CHECK:STDERR: fail_equation_errors.mo:32:3: error: `assert` needs a condition
// CHECK:STDERR:   assert();
// CHECK:STDERR:   ^~~~~~~~
// CHECK:STDERR: fail_equation_errors.mo:33:3: error: the assertion `1 > 2`: never
// CHECK:STDERR:   assert(1 > 2, "never");
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_equation_errors.mo:35:5: error: an equation in a when-clause must assign a variable: `v = expr`
// CHECK:STDERR:     a4 + 1 = 2;
// CHECK:STDERR:     ^~~~~~~~~~
// CHECK:STDERR: fail_equation_errors.mo:36:5: error: this equation is not allowed in a when-clause
// CHECK:STDERR:     connect(a1, a2);
// CHECK:STDERR:     ^~~~~~~~~~~~~~~
// CHECK:STDERR: fail_equation_errors.mo:38:3: error: the two sides of the equation differ: a scalar and a record `EquationErrors.R`
// CHECK:STDERR:   a5 = r;
// CHECK:STDERR:   ^~~~~~
// CHECK:STDERR: fail_equation_errors.mo:39:3: error: this branch of the if-equation has 1 scalar equation(s) but the else branch has 0; with a condition that is not a parameter expression, every branch must have the same number
// CHECK:STDERR:   if time > 0.5 then
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_equation_errors.mo:46:3: error: when-equations are not allowed in initial equations
// CHECK:STDERR:   when time > 0.5 then
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~
