// RUN: mocc check %s -m RecursionTranslation.M
// The same recursion evaluated while translating (a parameter that an
// array size needs): the interpreter's limit on nested calls, and the
// note says why the parameter has no value.
package RecursionTranslation
  function f
    input Real x;
    output Real y;
  algorithm
    y := f(x + 1);
  end f;
  model M
    parameter Real p = f(1);
    Real x[if p > 0 then 1 else 2];
  equation
    x = fill(time, size(x, 1));
  end M;
end RecursionTranslation;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_recursion_translation.mo:14:12: error: an array dimension must be a parameter expression, and `if p > 0 then 1 else 2` is not
// CHECK:STDERR:     Real x[if p > 0 then 1 else 2];
// CHECK:STDERR:            ^~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_recursion_translation.mo:13:24: note: it could not be evaluated while translating: the value of `p`: the calls of `RecursionTranslation.f` nest more than 200 deep
// CHECK:STDERR:     parameter Real p = f(1);
// CHECK:STDERR:                        ^~~~
