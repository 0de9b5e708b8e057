// RUN: mocc flatten %s
// A function with a functional argument that cannot be inlined (a
// while-loop) is specialized on the function passed (MLS 12.4.2): the
// inputs a partial application binds become hidden inputs of the
// specialization, passed at the call. Calls with the same function binding
// the same inputs share a specialization (x and y, whatever the values
// bound); another function (cube) makes another. A functional input passed
// on (twice) specializes the callee on the function passed in turn.
model FunctionalSpecialization
  partial function F
    input Real u;
    output Real y;
  end F;
  function iterate
    input F g;
    input Real u;
    output Real y = u;
  algorithm
    while y > 1 loop
      y := g(y);
    end while;
  end iterate;
  function twice
    input F g;
    input Real u;
    output Real y;
  protected
    Integer i = 0;
  algorithm
    y := u;
    while i < 2 loop
      y := iterate(g, y);
      i := i + 1;
    end while;
  end twice;
  function scaled
    extends F;
    input Real k;
  algorithm
    y := k * u;
  end scaled;
  function cube
    extends F;
  algorithm
    y := u ^ 3 / 8;
  end cube;
  Real x = iterate(function scaled(k = 0.5), time + 3);
  Real y = iterate(function scaled(k = 0.25), time + 5);
  Real z = iterate(cube, time + 3);
  Real w = twice(function scaled(k = 0.5), time + 9);
end FunctionalSpecialization;

// CHECK:STDOUT: function FunctionalSpecialization.iterate "mocc_f0_FunctionalSpecialization_iterate"
// CHECK:STDOUT:   input Real g.k;
// CHECK:STDOUT:   input Real u;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := u;
// CHECK:STDOUT:   while y > 1 loop
// CHECK:STDOUT:     y := FunctionalSpecialization.scaled(y, g.k);
// CHECK:STDOUT:   end while;
// CHECK:STDOUT: end FunctionalSpecialization.iterate;
// CHECK:STDOUT:
// CHECK:STDOUT: function FunctionalSpecialization.scaled "mocc_f1_FunctionalSpecialization_scaled"
// CHECK:STDOUT:   input Real u;
// CHECK:STDOUT:   input Real k;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := k * u;
// CHECK:STDOUT: end FunctionalSpecialization.scaled;
// CHECK:STDOUT:
// CHECK:STDOUT: function FunctionalSpecialization.iterate "mocc_f2_FunctionalSpecialization_iterate"
// CHECK:STDOUT:   input Real u;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := u;
// CHECK:STDOUT:   while y > 1 loop
// CHECK:STDOUT:     y := FunctionalSpecialization.cube(y);
// CHECK:STDOUT:   end while;
// CHECK:STDOUT: end FunctionalSpecialization.iterate;
// CHECK:STDOUT:
// CHECK:STDOUT: function FunctionalSpecialization.cube "mocc_f3_FunctionalSpecialization_cube"
// CHECK:STDOUT:   input Real u;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := u^3 / 8;
// CHECK:STDOUT: end FunctionalSpecialization.cube;
// CHECK:STDOUT:
// CHECK:STDOUT: function FunctionalSpecialization.twice "mocc_f4_FunctionalSpecialization_twice"
// CHECK:STDOUT:   input Real g.k;
// CHECK:STDOUT:   input Real u;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT:   protected Integer i;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   i := 0;
// CHECK:STDOUT:   y := u;
// CHECK:STDOUT:   while i < 2 loop
// CHECK:STDOUT:     y := FunctionalSpecialization.iterate(g.k, y);
// CHECK:STDOUT:     i := i + 1;
// CHECK:STDOUT:   end while;
// CHECK:STDOUT: end FunctionalSpecialization.twice;
// CHECK:STDOUT:
// CHECK:STDOUT: function FunctionalSpecialization.iterate "mocc_f5_FunctionalSpecialization_iterate"
// CHECK:STDOUT:   input Real g.k;
// CHECK:STDOUT:   input Real u;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := u;
// CHECK:STDOUT:   while y > 1 loop
// CHECK:STDOUT:     y := FunctionalSpecialization.scaled(y, g.k);
// CHECK:STDOUT:   end while;
// CHECK:STDOUT: end FunctionalSpecialization.iterate;
// CHECK:STDOUT:
// CHECK:STDOUT: class FunctionalSpecialization
// CHECK:STDOUT:   Real x;
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT:   Real z;
// CHECK:STDOUT:   Real w;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   x = FunctionalSpecialization.iterate(0.5, time + 3);
// CHECK:STDOUT:   y = FunctionalSpecialization.iterate(0.25, time + 5);
// CHECK:STDOUT:   z = FunctionalSpecialization.iterate(time + 3);
// CHECK:STDOUT:   w = FunctionalSpecialization.twice(0.5, time + 9);
// CHECK:STDOUT: end FunctionalSpecialization;
