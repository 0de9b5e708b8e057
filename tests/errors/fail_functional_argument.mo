// RUN: mocc check %s
// A partial application binds an input the function does not have.
model FailFunctionalArgument
  partial function F
    input Real x;
    output Real y;
  end F;
  function apply
    input F f;
    output Real y;
  algorithm
    y := f(1);
  end apply;
  function scaled
    input Real k;
    input Real x;
    output Real y;
  algorithm
    y := k * x;
  end scaled;
  Real y = apply(function scaled(c = 2));
end FailFunctionalArgument;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_functional_argument.mo:21:34: error: `FailFunctionalArgument.scaled` has no input `c`
// CHECK:STDERR:   Real y = apply(function scaled(c = 2));
// CHECK:STDERR:                                  ^~~~~
