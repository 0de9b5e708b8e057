// RUN: mocc check %s
// Bindings of constants and parameters (MLS 4.5), discrete-valued
// variables (MLS 3.8.3) and discrete Reals (MLS 4.5).
model Variability
  function f
    input Real x;
    output Integer y;
  algorithm
    y := integer(x);
  end f;
  parameter Real p = 6.3;
  constant Real c = p;
  Real x = time;
  parameter Real q = x;
  Integer i = f(x);
  discrete Real d = 1;
  constant Real none;
end Variability;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_variability.mo:17:17: warning: parameter `none` has no value; using its start value (0)
// CHECK:STDERR:   constant Real none;
// CHECK:STDERR:                 ^~~~
// CHECK:STDERR: fail_variability.mo:17:17: error: the constant `none` has no value
// CHECK:STDERR:   constant Real none;
// CHECK:STDERR:                 ^~~~
// CHECK:STDERR: fail_variability.mo:12:21: error: the binding of the constant `c` must be a constant expression, but it uses `p`, a parameter
// CHECK:STDERR:   constant Real c = p;
// CHECK:STDERR:                     ^
// CHECK:STDERR: fail_variability.mo:14:22: error: the binding of the parameter `q` must be a parameter expression, but it uses `x`, a continuous-time variable
// CHECK:STDERR:   parameter Real q = x;
// CHECK:STDERR:                      ^
// CHECK:STDERR: fail_variability.mo:15:15: error: the Integer `i` is bound to an expression that is not discrete-time
// CHECK:STDERR:   Integer i = f(x);
// CHECK:STDERR:               ^~~~
// CHECK:STDERR: fail_variability.mo:16:21: error: the discrete Real `d` can only be assigned in when-clauses, not by a binding equation
// CHECK:STDERR:   discrete Real d = 1;
// CHECK:STDERR:                     ^
