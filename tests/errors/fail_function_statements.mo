// RUN: mocc check %s
// Statements and variables of functions that flattening refuses (MLS 11
// and 12), one function per error.
model FunctionStatements
  function f1
    input Real u;
    output Real y[:];
  algorithm
    y := {u};
    y := {u, u};
  end f1;
  function f2
    input Real u[2];
    output Real y = u[1];
  end f2;
  function f3
    input Real u;
    output Real y;
  algorithm
    terminate("stop");
    y := u;
  end f3;
  function f4
    input Real u;
    output Real y;
  algorithm
    when u > 0 then
      y := u;
    end when;
  end f4;
  function f5
    input Real u;
    output Real y;
  algorithm
    y := {u, u};
  end f5;
  function f6
    input Real u;
    output Real y[2];
  algorithm
    y := {u, u, u};
  end f6;
  function f7
    input Real u;
    output String y;
  algorithm
    y := u;
  end f7;
  function f8
    input Real u;
    output Real y;
  algorithm
    if u then
      y := u;
    else
      y := 0;
    end if;
  end f8;
  function f11
    input Real u;
    output Real y;
  algorithm
    (y, y) := f2({u, u});
  end f11;
  function f12
    input Real u;
    output Real y;
  protected
    Real a[2];
    Integer i = integer(u);
  algorithm
    a[i] := {1, 2};
    y := a[1];
  end f12;
  function f13
    input Real u;
    output Real y[:];
  algorithm
    y[1] := u;
  end f13;
  Real x1 = f1(1);
  Real x2 = f2({1, 2, 3});
  Real x3 = f3(1);
  Real x4 = f4(1);
  Real x5 = f5(1);
  Real x6[2] = f6(1);
  String x7 = f7(1);
  Real x8 = f8(1);
  Real x11 = f11(1);
  Real x12 = f12(1);
  Real x13[1] = f13(1);
end FunctionStatements;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_function_statements.mo:10:5: error: `y` has `:` and gets its size from an assignment while the function runs (MLS 12.4.5): that is not supported yet (every array of a compiled function has a size known while translating)
// CHECK:STDERR:     y := {u, u};
// CHECK:STDERR:     ^~~~~~~~~~~
// CHECK:STDERR: fail_function_statements.mo:13:16: error: the argument for `u` has shape [3] but the input has shape [2]
// CHECK:STDERR:     input Real u[2];
// CHECK:STDERR:                ^
// CHECK:STDERR: fail_function_statements.mo:20:5: error: `terminate` in functions is not supported yet
// CHECK:STDERR:     terminate("stop");
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_function_statements.mo:27:5: error: when-statements are not allowed in functions
// CHECK:STDERR:     when u > 0 then
// CHECK:STDERR:     ^~~~~~~~~~~~~~~
// CHECK:STDERR: fail_function_statements.mo:35:5: error: cannot assign an array [2] to a scalar
// CHECK:STDERR:     y := {u, u};
// CHECK:STDERR:     ^~~~~~~~~~~
// CHECK:STDERR: fail_function_statements.mo:41:5: error: cannot assign an array [3] to an array [2]
// CHECK:STDERR:     y := {u, u, u};
// CHECK:STDERR:     ^~~~~~~~~~~~~~
// CHECK:STDERR: fail_function_statements.mo:47:5: error: a String variable needs a String value
// CHECK:STDERR:     y := u;
// CHECK:STDERR:     ^~~~~~
// CHECK:STDERR: fail_function_statements.mo:53:8: error: the condition of an if-statement must be a scalar Boolean
// CHECK:STDERR:     if u then
// CHECK:STDERR:        ^
// CHECK:STDERR: fail_function_statements.mo:63:5: error: the function returns 1 output(s) for 2 targets
// CHECK:STDERR:     (y, y) := f2({u, u});
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_function_statements.mo:72:5: error: cannot assign an array [2] to elements of shape scalar
// CHECK:STDERR:     a[i] := {1, 2};
// CHECK:STDERR:     ^~~~~~~~~~~~~~
// CHECK:STDERR: fail_function_statements.mo:77:19: error: the size of `y` is unknown: it has `:` and neither an argument nor its binding gives it
// CHECK:STDERR:     output Real y[:];
// CHECK:STDERR:                   ^
