// RUN: mocc check %s
// RUN: mocc flatten %s
// Parameters that structure depends on may be computed by functions, which
// are then evaluated while translating: recursion (as the MSL's
// numberOfSymmetricBaseSystems), loops, arrays and asserts that hold.
model StructuralFunction
  function bases "Number of symmetric base systems of m phases"
    input Integer m = 3;
    output Integer n;
  algorithm
    n := 1;
    if mod(m, 2) == 0 then
      if m == 2 then
        n := 1;
      else
        n := n*2*bases(integer(m/2));
      end if;
    end if;
  end bases;
  function countUp
    input Integer k;
    input Real limit;
    output Integer n = 0;
  protected
    Real s = 0;
    Real w[3] = {1, 2, 3};
  algorithm
    assert(limit > 0, "limit must be positive");
    while s < limit loop
      n := n + 1;
      for i in 1:size(w, 1) loop
        s := s + k*w[i];
      end for;
    end while;
  end countUp;
  parameter Integer m = 12;
  parameter Integer systems = bases(m);
  parameter Integer phases = integer(m/systems);
  parameter Integer steps = countUp(2, 30);
  Real x[phases](each start = 1, each fixed = true);
  Real y[steps];
equation
  der(x) = -x;
  y = fill(time, steps);
end StructuralFunction;

// CHECK:STDOUT: Class StructuralFunction has 6 equation(s) and 6 variable(s).
// CHECK:STDOUT: function StructuralFunction.bases "mocc_f0_StructuralFunction_bases"
// CHECK:STDOUT:   input Integer m;
// CHECK:STDOUT:   output Integer n;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   n := 1;
// CHECK:STDOUT:   if mod(m, 2) == 0 then
// CHECK:STDOUT:     if m == 2 then
// CHECK:STDOUT:       n := 1;
// CHECK:STDOUT:     else
// CHECK:STDOUT:       n := n * 2 * StructuralFunction.bases(floor(m / 2));
// CHECK:STDOUT:     end if;
// CHECK:STDOUT:   end if;
// CHECK:STDOUT: end StructuralFunction.bases;
// CHECK:STDOUT:
// CHECK:STDOUT: function StructuralFunction.bases "mocc_f1_StructuralFunction_bases"
// CHECK:STDOUT:   input Integer m;
// CHECK:STDOUT:   output Integer n;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   n := 1;
// CHECK:STDOUT:   if mod(m, 2) == 0 then
// CHECK:STDOUT:     if m == 2 then
// CHECK:STDOUT:       n := 1;
// CHECK:STDOUT:     else
// CHECK:STDOUT:       n := n * 2 * StructuralFunction.bases(floor(m / 2));
// CHECK:STDOUT:     end if;
// CHECK:STDOUT:   end if;
// CHECK:STDOUT: end StructuralFunction.bases;
// CHECK:STDOUT:
// CHECK:STDOUT: function StructuralFunction.countUp "mocc_f2_StructuralFunction_countUp"
// CHECK:STDOUT:   input Integer k;
// CHECK:STDOUT:   input Real limit;
// CHECK:STDOUT:   output Integer n;
// CHECK:STDOUT:   protected Real s;
// CHECK:STDOUT:   protected Real w[3];
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   n := 0;
// CHECK:STDOUT:   s := 0;
// CHECK:STDOUT:   w[1] := 1;
// CHECK:STDOUT:   w[2] := 2;
// CHECK:STDOUT:   w[3] := 3;
// CHECK:STDOUT:   assert(limit > 0, "limit must be positive (at structural_function.mo:28:5 in `StructuralFunction.countUp`)");
// CHECK:STDOUT:   while s < limit loop
// CHECK:STDOUT:     n := n + 1;
// CHECK:STDOUT:     s := s + k * w[1];
// CHECK:STDOUT:     s := s + k * w[2];
// CHECK:STDOUT:     s := s + k * w[3];
// CHECK:STDOUT:   end while;
// CHECK:STDOUT: end StructuralFunction.countUp;
// CHECK:STDOUT:
// CHECK:STDOUT: class StructuralFunction
// CHECK:STDOUT:   parameter Integer m = 12;
// CHECK:STDOUT:   parameter Integer systems = StructuralFunction.bases(m);
// CHECK:STDOUT:   parameter Integer phases = floor(m / systems);
// CHECK:STDOUT:   parameter Integer steps = StructuralFunction.countUp(2, 30);
// CHECK:STDOUT:   Real x[1](start = 1, fixed = true);
// CHECK:STDOUT:   Real x[2](start = 1, fixed = true);
// CHECK:STDOUT:   Real x[3](start = 1, fixed = true);
// CHECK:STDOUT:   Real y[1];
// CHECK:STDOUT:   Real y[2];
// CHECK:STDOUT:   Real y[3];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(x[1]) = -x[1];
// CHECK:STDOUT:   der(x[2]) = -x[2];
// CHECK:STDOUT:   der(x[3]) = -x[3];
// CHECK:STDOUT:   y[1] = time;
// CHECK:STDOUT:   y[2] = time;
// CHECK:STDOUT:   y[3] = time;
// CHECK:STDOUT: end StructuralFunction;
