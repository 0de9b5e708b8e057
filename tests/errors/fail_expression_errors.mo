// RUN: mocc check %s
// Expressions that flattening refuses (MLS 10.5 subscripts, 10.6 array
// operators, 3.5 relations, 3.6.5 if-expressions, 10.4 array constructors
// and ranges), one per equation.
model ExpressionErrors
  type E = enumeration(a, b);
  record R
    Real x;
  end R;
  R r[2](each x = 1);
  R s(x = 1);
  Real v[3] = {1, 2, 3};
  Real m[2, 3] = {{1, 2, 3}, {4, 5, 6}};
  Real w[2, 2] = {{1, 2}, {3, 4}};
  Integer k(start = 1, fixed = true);
  Boolean b = time > 0.5;
  String str = "a";
  String sa[2] = {"a", "b"};
  parameter Real p = 1.5;
  package P
    constant R rs[2] = {R(x = 1), R(x = 2)};
    constant Real c;
  end P;
  Real e1 = end;
  Real e2 = -str;
  Real e3 = (1, 2);
  Real e4 = R;
  Real e5 = E.a.x;
  Real e6 = v.x;
  Real e7 = r.x[1];
  Real e8 = s.y;
  Real e9 = m[1];
  Real e10 = v[true];
  Real e11 = v[E.a];
  Real e12 = v[{k, k}] * {1, 1};
  Real e13 = sum(v[k:k + k]);
  Real e14 = sum(str[k]);
  Real e15 = v + m;
  Real e16 = b and 1;
  Real e17 = sum(m * m);
  Real e18 = sum(v / v);
  Real e19 = sum(m ^ 2);
  Real e20 = if s > s then 1 else 0;
  Real e21 = if v > v then 1 else 0;
  Real e22 = if str > 1 then 1 else 0;
  Real e23 = -b;
  Real e24 = if not 1 then 1 else 0;
  Real e25 = if v then 1 else 0;
  Real e26 = if b then 1 else {1, 2};
  Real e27 = sum(v:2);
  Real e28 = sum(1:0:3);
  Real e29 = sum({1, {1, 2}});
  Real e30 = sum(v[i] + m[i, 1] for i);
  Real e31 = sum(1 for i);
  Real e32 = sum(i for i in m);
  Real e33 = sum([v, m]);
  Real e34 = sum([1, 2; 3]);
  Real e35 = sum(1:100000000000);
  Real e36 = v * m;
  Real e37 = sum(v ^ 2);
  Real e38 = s[1].x;
  Real e39 = P.zz;
  Real e40 = P.rs.x[1];
  Real e41 = P.rs[1].y;
  Real e42 = 0;
  Real e43 = sum(v[{{1, 2}}]);
  String e44 = sa[k];
  Real e45[p];
  Real e46 = P.c;
equation
  when time > 0.5 then
    k = pre(k) + 1;
  end when;
end ExpressionErrors;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_expression_errors.mo:68:12: error: an array dimension must be an Integer, and `p` is not
// CHECK:STDERR:   Real e45[p];
// CHECK:STDERR:            ^
// CHECK:STDERR: fail_expression_errors.mo:24:13: error: `end` is only allowed inside a subscript
// CHECK:STDERR:   Real e1 = end;
// CHECK:STDERR:             ^~~
// CHECK:STDERR: fail_expression_errors.mo:25:13: error: operator `-` needs a numeric operand
// CHECK:STDERR:   Real e2 = -str;
// CHECK:STDERR:             ^~~~
// CHECK:STDERR: fail_expression_errors.mo:26:13: error: a parenthesized list of expressions is only allowed on the left of an equation with a function call
// CHECK:STDERR:   Real e3 = (1, 2);
// CHECK:STDERR:             ^~~~~~
// CHECK:STDERR: fail_expression_errors.mo:27:13: error: `ExpressionErrors.R` is a class, not a value
// CHECK:STDERR:   Real e4 = R;
// CHECK:STDERR:             ^
// CHECK:STDERR: fail_expression_errors.mo:28:13: error: an enumeration literal has no elements
// CHECK:STDERR:   Real e5 = E.a.x;
// CHECK:STDERR:             ^~~~~
// CHECK:STDERR: fail_expression_errors.mo:29:15: error: `v` is of a built-in type and has no element `x`
// CHECK:STDERR:   Real e6 = v.x;
// CHECK:STDERR:               ^
// CHECK:STDERR: fail_expression_errors.mo:30:15: error: `x` has 0 dimension(s) but 1 subscript(s)
// CHECK:STDERR:   Real e7 = r.x[1];
// CHECK:STDERR:               ^~~~
// CHECK:STDERR: fail_expression_errors.mo:31:15: error: `s` has no component named `y`
// CHECK:STDERR:   Real e8 = s.y;
// CHECK:STDERR:               ^
// CHECK:STDERR: fail_expression_errors.mo:32:13: error: the binding of `e9` has shape [3] but the variable has shape scalar
// CHECK:STDERR:   Real e9 = m[1];
// CHECK:STDERR:             ^~~~
// CHECK:STDERR: fail_expression_errors.mo:33:16: error: dimension 1 of `v` is indexed by Integer, and this subscript is of type `Boolean`
// CHECK:STDERR:   Real e10 = v[true];
// CHECK:STDERR:                ^~~~
// CHECK:STDERR: fail_expression_errors.mo:34:16: error: dimension 1 of `v` is indexed by Integer, and this subscript is of type `ExpressionErrors.E`
// CHECK:STDERR:   Real e11 = v[E.a];
// CHECK:STDERR:                ^~~
// CHECK:STDERR: fail_expression_errors.mo:35:16: error: a subscript computed at run time must be a scalar
// CHECK:STDERR:   Real e12 = v[{k, k}] * {1, 1};
// CHECK:STDERR:                ^~~~~~
// CHECK:STDERR: fail_expression_errors.mo:36:20: error: a range subscript computed at run time needs a length known while translating (such as `i:i + 2`)
// CHECK:STDERR:   Real e13 = sum(v[k:k + k]);
// CHECK:STDERR:                    ^~~~~~~
// CHECK:STDERR: fail_expression_errors.mo:37:18: error: `str` has 0 dimension(s) but 1 subscript(s)
// CHECK:STDERR:   Real e14 = sum(str[k]);
// CHECK:STDERR:                  ^~~~~~
// CHECK:STDERR: fail_expression_errors.mo:38:14: error: operands of `+` have different shapes [3] and [2, 3]
// CHECK:STDERR:   Real e15 = v + m;
// CHECK:STDERR:              ^~~~~
// CHECK:STDERR: fail_expression_errors.mo:39:14: error: operator `and` needs Boolean operands, not `Boolean` and `Integer`
// CHECK:STDERR:   Real e16 = b and 1;
// CHECK:STDERR:              ^~~~~~~
// CHECK:STDERR: fail_expression_errors.mo:40:18: error: cannot multiply arrays of shapes [2, 3] and [2, 3]
// CHECK:STDERR:   Real e17 = sum(m * m);
// CHECK:STDERR:                  ^~~~~
// CHECK:STDERR: fail_expression_errors.mo:41:22: error: the divisor of `/` must be a scalar (use `./`)
// CHECK:STDERR:   Real e18 = sum(v / v);
// CHECK:STDERR:                      ^
// CHECK:STDERR: fail_expression_errors.mo:42:18: error: `^` of a matrix needs a square matrix and a non-negative Integer power known while translating (use `.^` for element-wise powers)
// CHECK:STDERR:   Real e19 = sum(m ^ 2);
// CHECK:STDERR:                  ^~~~~
// CHECK:STDERR: fail_expression_errors.mo:43:17: error: operator `>` is not defined for a record `ExpressionErrors.R` and a record `ExpressionErrors.R`
// CHECK:STDERR:   Real e20 = if s > s then 1 else 0;
// CHECK:STDERR:                 ^~~~~
// CHECK:STDERR: fail_expression_errors.mo:44:17: error: relation `>` needs scalar operands
// CHECK:STDERR:   Real e21 = if v > v then 1 else 0;
// CHECK:STDERR:                 ^~~~~
// CHECK:STDERR: fail_expression_errors.mo:45:17: error: relation `>` compares `String` with `Integer`; convert one of them first
// CHECK:STDERR:   Real e22 = if str > 1 then 1 else 0;
// CHECK:STDERR:                 ^~~~~~~
// CHECK:STDERR: fail_expression_errors.mo:46:14: error: operator `-` needs a numeric operand, not a `Boolean`
// CHECK:STDERR:   Real e23 = -b;
// CHECK:STDERR:              ^~
// CHECK:STDERR: fail_expression_errors.mo:47:17: error: operator `not` needs a Boolean operand, not a `Integer`
// CHECK:STDERR:   Real e24 = if not 1 then 1 else 0;
// CHECK:STDERR:                 ^~~~~
// CHECK:STDERR: fail_expression_errors.mo:48:17: error: the condition of an if-expression must be a scalar Boolean
// CHECK:STDERR:   Real e25 = if v then 1 else 0;
// CHECK:STDERR:                 ^
// CHECK:STDERR: fail_expression_errors.mo:49:14: error: the branches of an if-expression differ: a scalar and an array [2]
// CHECK:STDERR:   Real e26 = if b then 1 else {1, 2};
// CHECK:STDERR:              ^~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_expression_errors.mo:50:18: error: the start of a range must be a parameter expression, and `v` is not
// CHECK:STDERR:   Real e27 = sum(v:2);
// CHECK:STDERR:                  ^
// CHECK:STDERR: fail_expression_errors.mo:51:18: error: the step of a range must not be zero
// CHECK:STDERR:   Real e28 = sum(1:0:3);
// CHECK:STDERR:                  ^~~~~
// CHECK:STDERR: fail_expression_errors.mo:52:18: error: the elements of an array differ: a scalar and an array [2]
// CHECK:STDERR:   Real e29 = sum({1, {1, 2}});
// CHECK:STDERR:                  ^~~~~~~~~~~
// CHECK:STDERR: fail_expression_errors.mo:53:14: error: the range of `i` cannot be deduced: the arrays it is a subscript of have different sizes there
// CHECK:STDERR:   Real e30 = sum(v[i] + m[i, 1] for i);
// CHECK:STDERR:              ^~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_expression_errors.mo:54:14: error: the range of `i` cannot be deduced: it is not used as a subscript of an array
// CHECK:STDERR:   Real e31 = sum(1 for i);
// CHECK:STDERR:              ^~~~~~~~~~~~
// CHECK:STDERR: fail_expression_errors.mo:55:29: error: the range of `i` must be a vector
// CHECK:STDERR:   Real e32 = sum(i for i in m);
// CHECK:STDERR:                             ^
// CHECK:STDERR: fail_expression_errors.mo:56:22: error: the elements of a matrix row have different numbers of rows
// CHECK:STDERR:   Real e33 = sum([v, m]);
// CHECK:STDERR:                      ^
// CHECK:STDERR: fail_expression_errors.mo:57:18: error: the rows of a matrix have different numbers of columns
// CHECK:STDERR:   Real e34 = sum([1, 2; 3]);
// CHECK:STDERR:                  ^~~~~~~~~
// CHECK:STDERR: fail_expression_errors.mo:58:18: error: the range has more than 100000000 elements, more than translation supports
// CHECK:STDERR:   Real e35 = sum(1:100000000000);
// CHECK:STDERR:                  ^~~~~~~~~~~~~~
// CHECK:STDERR: fail_expression_errors.mo:59:14: error: cannot multiply arrays of shapes [3] and [2, 3]
// CHECK:STDERR:   Real e36 = v * m;
// CHECK:STDERR:              ^~~~~
// CHECK:STDERR: fail_expression_errors.mo:60:18: error: `^` of arrays is only defined for a square matrix and a scalar power (use `.^` for element-wise powers)
// CHECK:STDERR:   Real e37 = sum(v ^ 2);
// CHECK:STDERR:                  ^~~~~
// CHECK:STDERR: fail_expression_errors.mo:61:14: error: `s` is not an array
// CHECK:STDERR:   Real e38 = s[1].x;
// CHECK:STDERR:              ^~~~
// CHECK:STDERR: fail_expression_errors.mo:62:16: error: `ExpressionErrors.P` has no element named `zz`
// CHECK:STDERR:   Real e39 = P.zz;
// CHECK:STDERR:                ^~
// CHECK:STDERR: fail_expression_errors.mo:63:19: error: `x` has 0 dimension(s) but 1 subscript(s)
// CHECK:STDERR:   Real e40 = P.rs.x[1];
// CHECK:STDERR:                   ^~~~
// CHECK:STDERR: fail_expression_errors.mo:64:22: error: `y` is not a field of a record `ExpressionErrors.R`
// CHECK:STDERR:   Real e41 = P.rs[1].y;
// CHECK:STDERR:                      ^
// CHECK:STDERR: fail_expression_errors.mo:66:20: error: a subscript must be an Integer or a vector of them
// CHECK:STDERR:   Real e43 = sum(v[{{1, 2}}]);
// CHECK:STDERR:                    ^~~~~~~~
// CHECK:STDERR: fail_expression_errors.mo:67:16: error: a subscript computed at run time is only supported on arrays of numbers here
// CHECK:STDERR:   String e44 = sa[k];
// CHECK:STDERR:                ^~~~~
// CHECK:STDERR: fail_expression_errors.mo:22:19: error: constant `c` has no value
// CHECK:STDERR:     constant Real c;
// CHECK:STDERR:                   ^
