// RUN: mocc flatten %s
// Functional arguments (MLS 12.4.2): a function passed by name, a partial
// application binding inputs by name (positional arguments then fill the
// inputs left, in order), a functional input passed on and partially applied
// again, and a function that calls itself through its functional argument.
model FunctionalArguments
  partial function Integrand
    input Real x;
    output Real y;
  end Integrand;
  function trapezoid
    input Real a;
    input Real b;
    input Integrand f;
    output Real r;
  algorithm
    r := (b - a) * (f(a) + f(b)) / 2;
  end trapezoid;
  function square
    extends Integrand;
  algorithm
    y := x * x;
  end square;
  function scaled
    input Real k;
    input Real x;
    output Real y;
  algorithm
    y := k * x;
  end scaled;
  partial function Surface
    input Real x;
    input Real y;
    output Real z;
  end Surface;
  function slice
    input Real x;
    input Surface g;
    output Real r;
  algorithm
    r := trapezoid(0, 1, function g(x = x));
  end slice;
  function area
    input Surface g;
    output Real r;
  algorithm
    r := trapezoid(0, 1, function slice(g = g));
  end area;
  function product
    extends Surface;
  algorithm
    z := x * y;
  end product;
  Real a = trapezoid(0, time, square);
  Real b = trapezoid(0, 1, function scaled(k = time));
  Real c = area(product);
end FunctionalArguments;

// CHECK:STDOUT: function FunctionalArguments.square "mocc_f0_FunctionalArguments_square"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := x * x;
// CHECK:STDOUT: end FunctionalArguments.square;
// CHECK:STDOUT:
// CHECK:STDOUT: function FunctionalArguments.scaled "mocc_f1_FunctionalArguments_scaled"
// CHECK:STDOUT:   input Real k;
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := k * x;
// CHECK:STDOUT: end FunctionalArguments.scaled;
// CHECK:STDOUT:
// CHECK:STDOUT: function FunctionalArguments.product "mocc_f2_FunctionalArguments_product"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   input Real y;
// CHECK:STDOUT:   output Real z;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   z := x * y;
// CHECK:STDOUT: end FunctionalArguments.product;
// CHECK:STDOUT:
// CHECK:STDOUT: class FunctionalArguments
// CHECK:STDOUT:   Real a;
// CHECK:STDOUT:   Real b;
// CHECK:STDOUT:   Real c;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   a = time * (FunctionalArguments.square(0) + FunctionalArguments.square(time)) / 2;
// CHECK:STDOUT:   b = (FunctionalArguments.scaled(time, 0) + FunctionalArguments.scaled(time, 1)) / 2;
// CHECK:STDOUT:   c = ((FunctionalArguments.product(0, 0) + FunctionalArguments.product(0, 1)) / 2 + (FunctionalArguments.product(1, 0) + FunctionalArguments.product(1, 1)) / 2) / 2;
// CHECK:STDOUT: end FunctionalArguments;
