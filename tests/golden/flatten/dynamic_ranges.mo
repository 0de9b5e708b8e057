// RUN: mocc flatten %s
model DynamicRanges "ranges of subscripts known only at run time, of a length known while translating (the MSL's Random: state[i - 2:i - 1]), read and assigned; a package constant as an array size"
  package P
    constant Integer n = 4;
  end P;
  function shift
    input Integer x[:];
    output Integer y[size(x, 1)];
  protected
    Integer n "assigned: the loop's bound is known only at run time";
  algorithm
    n := size(x, 1);
    y[1:2] := x[1:2];
    for i in 3:2:n loop
      y[i:i + 1] := x[i - 2:i - 1] + x[i:i + 1];
    end for;
  end shift;
  Integer s[P.n] = shift({1, 2, 3, 4});
end DynamicRanges;

// CHECK:STDOUT: function DynamicRanges.shift "mocc_f0_DynamicRanges_shift"
// CHECK:STDOUT:   input Integer x[4];
// CHECK:STDOUT:   output Integer y[4];
// CHECK:STDOUT:   protected Integer n;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   n := 4;
// CHECK:STDOUT:   y[1] := x[1];
// CHECK:STDOUT:   y[2] := x[2];
// CHECK:STDOUT:   for _t9 in 3:2:n loop
// CHECK:STDOUT:     _t10 := load(0, _t9 - 2 - 1, 4) + load(0, _t9 - 1, 4);
// CHECK:STDOUT:     _t11 := load(0, _t9 - 2 + 1 - 1, 4) + load(0, _t9 + 1 - 1, 4);
// CHECK:STDOUT:     load(4, _t9 - 1, 4) := _t10;
// CHECK:STDOUT:     load(4, _t9 + 1 - 1, 4) := _t11;
// CHECK:STDOUT:   end for;
// CHECK:STDOUT: end DynamicRanges.shift;
// CHECK:STDOUT:
// CHECK:STDOUT: function subscriptError "mocc_f1_subscript_error"
// CHECK:STDOUT:   input Integer i1;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   assert(0, "index " + String(i1) + " out of bounds for `y` of size 4 (at dynamic_ranges.mo:15:7)");
// CHECK:STDOUT: end subscriptError;
// CHECK:STDOUT:
// CHECK:STDOUT: class DynamicRanges
// CHECK:STDOUT:   Integer s[1];
// CHECK:STDOUT:   Integer s[2];
// CHECK:STDOUT:   Integer s[3];
// CHECK:STDOUT:   Integer s[4];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   s[1] = DynamicRanges.shift(1, 2, 3, 4);
// CHECK:STDOUT:   s[2] = (DynamicRanges.shift(1, 2, 3, 4))[2];
// CHECK:STDOUT:   s[3] = (DynamicRanges.shift(1, 2, 3, 4))[3];
// CHECK:STDOUT:   s[4] = (DynamicRanges.shift(1, 2, 3, 4))[4];
// CHECK:STDOUT: end DynamicRanges;
