// RUN: mocc flatten %s -m MatrixConstructorRanks.M
// The matrix constructor promotes its elements to n = max(2, their largest
// rank) dimensions (MLS 10.4.2): `[A]` of a 3-D A is A, not a 2-D matrix
// made of some of its elements, and a table of enumeration values so
// built is indexed by subscripts known only at run time.
package MatrixConstructorRanks
  type L = enumeration(a, b, c);
  type R = enumeration(x, y);
  package T
    constant L table[R, 2, 2] = [{{{L.a, L.b}, {L.b, L.c}}, {{L.c, L.a}, {L.a, L.b}}}];
    constant Real wide[2, 3, 3] = [{{{1, 2, 3}, {4, 5, 6}}, {{7, 8, 9}, {10, 11, 12}}}, {{{13, 14, 15}}, {{16, 17, 18}}}];
  end T;
  model M
    discrete L x(start = L.a, fixed = true);
    R r = if time > 0.5 then R.y else R.x;
    Integer i = if time > 0.25 then 2 else 1;
    Real w = T.wide[2, 3, 2] + T.wide[1, 2, 3];
    String s[2, 2] = ["p", "q"; "r", "s"];
  algorithm
    when sample(0, 0.1) then
      x := T.table[r, i, 2];
    end when;
  end M;
end MatrixConstructorRanks;

// CHECK:STDOUT: function subscriptError "mocc_f0_subscript_error"
// CHECK:STDOUT:   input Integer i1;
// CHECK:STDOUT:   input Integer i2;
// CHECK:STDOUT:   input Integer i3;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   assert(0, "index [" + String(i1) + ", " + String(i2) + ", " + String(i3) + "] out of bounds for `table` of size [2, 2, 2] (at matrix_constructor_ranks.mo:21:14)");
// CHECK:STDOUT: end subscriptError;
// CHECK:STDOUT:
// CHECK:STDOUT: class MatrixConstructorRanks.M
// CHECK:STDOUT:   MatrixConstructorRanks.L x(start = 1, fixed = true);
// CHECK:STDOUT:   MatrixConstructorRanks.R r;
// CHECK:STDOUT:   Integer i;
// CHECK:STDOUT:   Real w;
// CHECK:STDOUT:   parameter String s[1,1] = "p";
// CHECK:STDOUT:   parameter String s[1,2] = "q";
// CHECK:STDOUT:   parameter String s[2,1] = "r";
// CHECK:STDOUT:   parameter String s[2,2] = "s";
// CHECK:STDOUT: equation
// CHECK:STDOUT:   r = if time > 0.5 then 2 else 1;
// CHECK:STDOUT:   i = if time > 0.25 then 2 else 1;
// CHECK:STDOUT:   w = 23;
// CHECK:STDOUT:   when sample(0, 0.1) then
// CHECK:STDOUT:     x = if noEvent(r >= 1 and r <= 2 and (i >= 1 and i <= 2)) then if (r - 1) * 4 + (i - 1) * 2 + 1 == 1 then 2 else if (r - 1) * 4 + (i - 1) * 2 + 1 == 3 then 3 else if (r - 1) * 4 + (i - 1) * 2 + 1 == 5 then 1 else if (r - 1) * 4 + (i - 1) * 2 + 1 == 7 then 2 else subscriptError(r, i, 2) else subscriptError(r, i, 2);
// CHECK:STDOUT:   end when;
// CHECK:STDOUT: end MatrixConstructorRanks.M;
