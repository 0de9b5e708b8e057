// RUN: mocc check %s -m RecursiveSizes.M
// A function whose output size depends on its input and that calls itself
// with ever other sizes is specialized anew for each: without a base case
// that ends, translation stops with an error instead of running forever.
package RecursiveSizes
  function grow
    input Integer n;
    output Real y[n];
  protected
    Real longer[n + 1];
  algorithm
    longer := grow(n + 1);
    y := longer[1:n];
  end grow;
  model M
    Real z[3] = grow(3) * time;
  end M;
end RecursiveSizes;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_recursive_sizes.mo:12:15: error: the function `RecursiveSizes.grow`, whose sizes depend on its inputs, calls itself more than 1000 levels deep with other sizes (does its recursion end?)
// CHECK:STDERR:     longer := grow(n + 1);
// CHECK:STDERR:               ^~~~~~~~~~~
