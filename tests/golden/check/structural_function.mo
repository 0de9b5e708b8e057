// RUN: mocc check -m StructuralFunction.Model %s
// RUN: mocc flatten -m StructuralFunction.Model %s
// RUN: mocc eval "StructuralFunction.others(12)" %s
// Parameters that structure depends on may be computed by functions, which
// are then evaluated while translating: recursion (as the MSL's
// numberOfSymmetricBaseSystems), loops, arrays and asserts that hold. The
// functions are in a package, where a name from outside may find them
// (MLS 5.3.2).
package StructuralFunction
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
  function others "Sized by a call; a branch not taken need not fit"
    input Integer m;
    output Integer ind[bases(m)*(integer(m/bases(m)) - 1)];
  protected
    Integer nBase = bases(m);
    Integer mBase = integer(m/nBase);
  algorithm
    if mBase == 1 then
      ind := fill(0, 0);
    else
      for k in 1:nBase loop
        ind[(mBase - 1)*(k - 1) + 1:(mBase - 1)*k] := (2:mBase) + mBase*(k - 1)*ones(mBase - 1);
      end for;
    end if;
  end others;
  model Model
    parameter Integer m = 12;
    parameter Integer o[:] = others(m);
    parameter Integer systems = bases(m);
    parameter Integer phases = integer(m/systems);
    parameter Integer steps = countUp(2, 30);
    Real x[phases](each start = 1, each fixed = true);
    Real y[steps];
    Real z[size(o, 1)] = o;
  equation
    der(x) = -x;
    y = fill(time, steps);
  end Model;
end StructuralFunction;

// CHECK:STDOUT: Class StructuralFunction.Model has 14 equation(s) and 14 variable(s).
// CHECK:STDOUT: function StructuralFunction.others "mocc_f0_StructuralFunction_others"
// CHECK:STDOUT:   input Integer m;
// CHECK:STDOUT:   output Integer ind[8];
// CHECK:STDOUT:   protected Integer nBase;
// CHECK:STDOUT:   protected Integer mBase;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   nBase := StructuralFunction.bases(12);
// CHECK:STDOUT:   mBase := 3;
// CHECK:STDOUT:   ind[1] := 2;
// CHECK:STDOUT:   ind[2] := 3;
// CHECK:STDOUT:   ind[3] := 5;
// CHECK:STDOUT:   ind[4] := 6;
// CHECK:STDOUT:   ind[5] := 8;
// CHECK:STDOUT:   ind[6] := 9;
// CHECK:STDOUT:   ind[7] := 11;
// CHECK:STDOUT:   ind[8] := 12;
// CHECK:STDOUT: end StructuralFunction.others;
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
// CHECK:STDOUT:   assert(limit > 0, "limit must be positive (at structural_function.mo:31:5 in `StructuralFunction.countUp`)");
// CHECK:STDOUT:   while s < limit loop
// CHECK:STDOUT:     n := n + 1;
// CHECK:STDOUT:     s := s + k * w[1];
// CHECK:STDOUT:     s := s + k * w[2];
// CHECK:STDOUT:     s := s + k * w[3];
// CHECK:STDOUT:   end while;
// CHECK:STDOUT: end StructuralFunction.countUp;
// CHECK:STDOUT:
// CHECK:STDOUT: class StructuralFunction.Model
// CHECK:STDOUT:   parameter Integer m = 12;
// CHECK:STDOUT:   parameter Integer o[1] = StructuralFunction.others(12);
// CHECK:STDOUT:   parameter Integer o[2] = (StructuralFunction.others(12))[2];
// CHECK:STDOUT:   parameter Integer o[3] = (StructuralFunction.others(12))[3];
// CHECK:STDOUT:   parameter Integer o[4] = (StructuralFunction.others(12))[4];
// CHECK:STDOUT:   parameter Integer o[5] = (StructuralFunction.others(12))[5];
// CHECK:STDOUT:   parameter Integer o[6] = (StructuralFunction.others(12))[6];
// CHECK:STDOUT:   parameter Integer o[7] = (StructuralFunction.others(12))[7];
// CHECK:STDOUT:   parameter Integer o[8] = (StructuralFunction.others(12))[8];
// CHECK:STDOUT:   parameter Integer systems = StructuralFunction.bases(m);
// CHECK:STDOUT:   parameter Integer phases = floor(m / systems);
// CHECK:STDOUT:   parameter Integer steps = StructuralFunction.countUp(2, 30);
// CHECK:STDOUT:   Real x[1](start = 1, fixed = true);
// CHECK:STDOUT:   Real x[2](start = 1, fixed = true);
// CHECK:STDOUT:   Real x[3](start = 1, fixed = true);
// CHECK:STDOUT:   Real y[1];
// CHECK:STDOUT:   Real y[2];
// CHECK:STDOUT:   Real y[3];
// CHECK:STDOUT:   Real z[1];
// CHECK:STDOUT:   Real z[2];
// CHECK:STDOUT:   Real z[3];
// CHECK:STDOUT:   Real z[4];
// CHECK:STDOUT:   Real z[5];
// CHECK:STDOUT:   Real z[6];
// CHECK:STDOUT:   Real z[7];
// CHECK:STDOUT:   Real z[8];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   z[1] = o[1];
// CHECK:STDOUT:   z[2] = o[2];
// CHECK:STDOUT:   z[3] = o[3];
// CHECK:STDOUT:   z[4] = o[4];
// CHECK:STDOUT:   z[5] = o[5];
// CHECK:STDOUT:   z[6] = o[6];
// CHECK:STDOUT:   z[7] = o[7];
// CHECK:STDOUT:   z[8] = o[8];
// CHECK:STDOUT:   der(x[1]) = -x[1];
// CHECK:STDOUT:   der(x[2]) = -x[2];
// CHECK:STDOUT:   der(x[3]) = -x[3];
// CHECK:STDOUT:   y[1] = time;
// CHECK:STDOUT:   y[2] = time;
// CHECK:STDOUT:   y[3] = time;
// CHECK:STDOUT: end StructuralFunction.Model;
// CHECK:STDOUT: {2, 3, 5, 6, 8, 9, 11, 12}
