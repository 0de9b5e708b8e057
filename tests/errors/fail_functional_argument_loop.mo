// RUN: mocc check %s
// A function with a functional argument (MLS 12.4.2) is inlined with it;
// one whose loop runs a number of times known only at run time cannot be,
// and mocc does not compile functional arguments: not supported yet.
model FunctionalArgumentLoop
  partial function PF
    input Real u;
    output Real y;
  end PF;
  function sq
    extends PF;
  algorithm
    y := u * u;
  end sq;
  function iterate
    input PF g;
    input Real u;
    output Real y = u;
  algorithm
    while y > 1 loop
      y := g(y) / 4;
    end while;
  end iterate;
  Real x = iterate(sq, time + 3);
end FunctionalArgumentLoop;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_functional_argument_loop.mo:24:12: error: a call of `FunctionalArgumentLoop.iterate` with a functional argument that cannot be inlined is not supported yet
// CHECK:STDERR:   Real x = iterate(sq, time + 3);
// CHECK:STDERR:            ^~~~~~~~~~~~~~~~~~~~~
