// RUN: mocc check %s
// Package constants whose values depend on each other have no value: one
// error, never a silent empty binding.
package ConstantCycleLib
  record R
    Real a;
    Real b;
  end R;
  constant R c(a = c.b, b = c.a);
end ConstantCycleLib;

model ConstantCycle
  Real x = ConstantCycleLib.c.a;
end ConstantCycle;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_constant_cycle.mo:9:20: error: the value of constant `c.a` depends on itself
// CHECK:STDERR:   constant R c(a = c.b, b = c.a);
// CHECK:STDERR:                    ^~~
