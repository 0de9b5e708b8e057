// RUN: mocc simulate %s -m RecursionRuntime.M -o recursion_runtime_res.csv
// RUN: mocc eval "RecursionRuntime.f(1)" %s
// A recursive function without a base case, compiled: each call counts
// its depth, and past the limit the run fails with exit code 3 naming the
// function, in a simulation and in `mocc eval` alike (it was a stack
// overflow, SIGSEGV).
package RecursionRuntime
  function f
    input Real x;
    output Real y;
  algorithm
    y := f(x + 1);
  end f;
  model M
    Real z = f(time);
  end M;
end RecursionRuntime;

// CHECK:EXIT: 3
// CHECK:STDERR: mocc: error: simulation failed at time t = 0: recursion of function `RecursionRuntime.f` deeper than 100000 calls
// CHECK:STDERR: mocc: error: recursion of function `RecursionRuntime.f` deeper than 100000 calls
