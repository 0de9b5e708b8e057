// RUN: mocc check %s
// A function passed to a functional input (MLS 12.4.2) must fit the
// input's type (MLS 6.4): the inputs its partial application leaves take
// the type's, in order, with compatible types, and only inputs with
// defaults follow.
model FunctionalArgumentType
  partial function PF
    input Real u;
    output Real y;
  end PF;
  function iterate
    input PF g;
    input Real u;
    output Real y = u;
  algorithm
    while y > 1 loop
      y := g(y) / 4;
    end while;
  end iterate;
  function one
    output Real y;
  algorithm
    y := 1;
  end one;
  function shifted
    input Real u;
    input Real s;
    output Real y;
  algorithm
    y := u - s;
  end shifted;
  function counted
    input Integer u;
    output Real y;
  algorithm
    y := u;
  end counted;
  Real x = iterate(one, time + 3);
  Real z = iterate(shifted, time + 3);
  Real w = iterate(counted, time + 3);
end FunctionalArgumentType;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_functional_argument_type.mo:38:12: error: `FunctionalArgumentType.one` does not fit the functional input `g` of `FunctionalArgumentType.iterate` (of type `FunctionalArgumentType.PF`): it leaves no input unbound for `u`
// CHECK:STDERR:   Real x = iterate(one, time + 3);
// CHECK:STDERR:            ^~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_functional_argument_type.mo:39:12: error: `FunctionalArgumentType.shifted` does not fit the functional input `g` of `FunctionalArgumentType.iterate` (of type `FunctionalArgumentType.PF`): its input `s` is neither bound nor has a default
// CHECK:STDERR:   Real z = iterate(shifted, time + 3);
// CHECK:STDERR:            ^~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_functional_argument_type.mo:40:12: error: `FunctionalArgumentType.counted` does not fit the functional input `g` of `FunctionalArgumentType.iterate` (of type `FunctionalArgumentType.PF`): its input `u` is of type `Integer`, not `Real`
// CHECK:STDERR:   Real w = iterate(counted, time + 3);
// CHECK:STDERR:            ^~~~~~~~~~~~~~~~~~~~~~~~~~
