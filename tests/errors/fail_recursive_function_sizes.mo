// RUN: mocc check %s
// The size of an output of f is that of a result of f itself: f is called
// while its own output sizes are being determined, a definition by itself.
model RecursiveFunctionSizes
  function f
    input Real x;
    input Integer n;
    output Real y[n];
    output Real w[size(f(1.5, n), 1)];
  algorithm
    y := fill(x, n);
    w := y;
  end f;
  Real z[2] = f(time, 2);
end RecursiveFunctionSizes;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_recursive_function_sizes.mo:9:24: error: the recursive function `RecursiveFunctionSizes.f` is called before its output sizes are known
// CHECK:STDERR:     output Real w[size(f(1.5, n), 1)];
// CHECK:STDERR:                        ^~~~~~~~~
