// RUN: mocc check %s
// Calls of functions and record constructors that do not resolve or whose
// arguments do not fit (MLS 12.4), one per binding.
model CallErrors
  function f
    input Real a;
    input Real b = 1;
    output Real y;
  algorithm
    y := a + b;
  end f;
  partial function pf
    input Real u;
    output Real y;
  end pf;
  record R
    Real x;
    Real y = x;
  end R;
  record Q
    Real p = q;
    Real q = p;
  end Q;
  package P
    model M
    end M;
  end P;
  model C
    function k
      input Real u;
      output Real y = u;
    end k;
  end C;
  C cs[2];
  class EO
    extends ExternalObject;
  end EO;
  Real z = 1;
  Real c1 = undefinedFunction(1);
  Real c2 = P.nothing(1);
  Real c3 = z(1);
  Real c4 = P.M(1);
  Real c5 = pf(1);
  R c6 = R();
  Q c7 = Q();
  R c8 = R(1, 2, 3);
  R c9 = R(x = 1, w = 1);
  Real c10 = f(1, 2, 3);
  Real c11 = f(1, c = 2);
  Real c12 = f(1, a = 2);
  Real c13 = sum(f({1, 2}, {1, 2, 3}));
  Real c14 = f("a");
  Real c15 = cs.k(1);
  Real c16 = Clock(1);
  parameter EO eo = EO();
end CallErrors;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_call_errors.mo:55:16: error: the external object class `CallErrors.EO` has no `destructor`
// CHECK:STDERR:   parameter EO eo = EO();
// CHECK:STDERR:                ^~
// CHECK:STDERR: fail_call_errors.mo:39:13: error: call of undeclared function `undefinedFunction`
// CHECK:STDERR:   Real c1 = undefinedFunction(1);
// CHECK:STDERR:             ^~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_call_errors.mo:40:15: error: `nothing` in `P.nothing` does not name a function
// CHECK:STDERR:   Real c2 = P.nothing(1);
// CHECK:STDERR:               ^~~~~~~
// CHECK:STDERR: fail_call_errors.mo:41:13: error: `z` is a component, not a function
// CHECK:STDERR:   Real c3 = z(1);
// CHECK:STDERR:             ^
// CHECK:STDERR: fail_call_errors.mo:42:13: error: `CallErrors.P.M` is a model, not a function
// CHECK:STDERR:   Real c4 = P.M(1);
// CHECK:STDERR:             ^~~
// CHECK:STDERR: fail_call_errors.mo:43:13: error: `CallErrors.pf` is a partial function and cannot be called
// CHECK:STDERR:   Real c5 = pf(1);
// CHECK:STDERR:             ^~
// CHECK:STDERR: fail_call_errors.mo:44:10: error: the record constructor `CallErrors.R` needs a value for `x`
// CHECK:STDERR:   R c6 = R();
// CHECK:STDERR:          ^~~
// CHECK:STDERR: fail_call_errors.mo:45:10: error: the defaults of the record constructor `CallErrors.Q` depend on each other (`p`)
// CHECK:STDERR:   Q c7 = Q();
// CHECK:STDERR:          ^~~
// CHECK:STDERR: fail_call_errors.mo:46:18: error: too many arguments for the record constructor `CallErrors.R`
// CHECK:STDERR:   R c8 = R(1, 2, 3);
// CHECK:STDERR:                  ^
// CHECK:STDERR: fail_call_errors.mo:47:19: error: the record `CallErrors.R` has no field named `w`
// CHECK:STDERR:   R c9 = R(x = 1, w = 1);
// CHECK:STDERR:                   ^~~~~
// CHECK:STDERR: fail_call_errors.mo:48:22: error: too many arguments: `CallErrors.f` has 2 input(s)
// CHECK:STDERR:   Real c10 = f(1, 2, 3);
// CHECK:STDERR:                      ^
// CHECK:STDERR: fail_call_errors.mo:49:19: error: `CallErrors.f` has no input named `c`
// CHECK:STDERR:   Real c11 = f(1, c = 2);
// CHECK:STDERR:                   ^~~~~
// CHECK:STDERR: fail_call_errors.mo:50:19: error: the input `a` of `CallErrors.f` is given twice
// CHECK:STDERR:   Real c12 = f(1, a = 2);
// CHECK:STDERR:                   ^~~~~
// CHECK:STDERR: fail_call_errors.mo:51:18: error: the arguments of a vectorized call have different sizes
// CHECK:STDERR:   Real c13 = sum(f({1, 2}, {1, 2, 3}));
// CHECK:STDERR:                  ^~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_call_errors.mo:6:16: error: the argument for `a` is a String, which the input cannot take
// CHECK:STDERR:     input Real a;
// CHECK:STDERR:                ^
// CHECK:STDERR: fail_call_errors.mo:53:14: error: the function `k` cannot be looked up through `cs`, an array of components
// CHECK:STDERR:   Real c15 = cs.k(1);
// CHECK:STDERR:              ^~
// CHECK:STDERR: fail_call_errors.mo:54:14: error: type mismatch: `c16` is of type `Real` but its binding is a Boolean expression
// CHECK:STDERR:   Real c16 = Clock(1);
// CHECK:STDERR:              ^~~~~~~~
