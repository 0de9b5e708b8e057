// RUN: mocc check %s -m Outer.M
// A name found in an enclosing class must be a constant (MLS 5.3.1): `k`
// of `Inner` finds the variable `k` of `M` before the constant of `Outer`.
package Outer
  constant Real k = 1;
  model M
    Real k = 2;
    model Inner
      Real y = k;
    end Inner;
    Inner i;
  end M;
end Outer;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_enclosing_non_constant.mo:9:16: error: `k` is found in the enclosing class `Outer.M`, where it is not a constant; only constants of enclosing classes can be used
// CHECK:STDERR:       Real y = k;
// CHECK:STDERR:                ^
