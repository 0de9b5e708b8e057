// RUN: mocc check %s -m ArrayTooLarge.M
// Arrays too large to translate are errors at their declaration, at once:
// `Real x[100000000000]` ran out of memory after minutes (and 20 GB), a
// product of dimensions that overflows wrapped around (a crash, or no
// variables at all), and a function's local array larger than a call's
// stack frame holds would overflow the stack when called.
package ArrayTooLarge
  function f
    input Real x;
    input Integer n;
    output Real y;
  protected
    Real big[n];
  algorithm
    for i in 1:n loop
      big[i] := x * i;
    end for;
    y := big[n];
  end f;
  model M
    parameter Integer n = 2000000000;
    Real x[100000000000];
    Real y[4000000000, 4000000000, 4000000000];
    Real z[n, n];
    Real w[3];
    Real u = f(time, 100000000);
  equation
    w = fill(time, 100000000000);
  end M;
end ArrayTooLarge;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_array_too_large.mo:22:10: error: `x` of shape [100000000000] has more than 100000000 elements, more than translation supports
// CHECK:STDERR:     Real x[100000000000];
// CHECK:STDERR:          ^
// CHECK:STDERR: fail_array_too_large.mo:23:10: error: `y` of shape [4000000000, 4000000000, 4000000000] has more than 100000000 elements, more than translation supports
// CHECK:STDERR:     Real y[4000000000, 4000000000, 4000000000];
// CHECK:STDERR:          ^
// CHECK:STDERR: fail_array_too_large.mo:24:10: error: `z` of shape [2000000000, 2000000000] has more than 100000000 elements, more than translation supports
// CHECK:STDERR:     Real z[n, n];
// CHECK:STDERR:          ^
// CHECK:STDERR: fail_array_too_large.mo:13:10: error: with `big` of shape [100000000], the variables of `ArrayTooLarge.f` take more than 8388608 numbers, more than the stack frame of a call holds (64 MiB)
// CHECK:STDERR:     Real big[n];
// CHECK:STDERR:          ^~~
// CHECK:STDERR: fail_array_too_large.mo:28:9: error: `fill` would make an array of shape [100000000000], more than 100000000 elements, more than translation supports
// CHECK:STDERR:     w = fill(time, 100000000000);
// CHECK:STDERR:         ^~~~~~~~~~~~~~~~~~~~~~~~
