// RUN: mocc flatten %s
model RuntimeStringArrays "Strings of a compiled function known only at run time: an element of a String array whose subscript is computed at run time (known texts become literals, texts made at run time are read from their slots), assigned at a run-time subscript, a String field of a record assigned, and String(x, significantDigits = d) with d an input"
  record Token
    Real real;
    String string;
  end Token;
  pure function len
    input String s;
    output Integer n;
  external "C" n = strlen(s);
  end len;
  function pick
    input Integer i;
    input Real x;
    input Integer d;
    output Integer n;
    output Token token;
  protected
    String names[3] = {"a", "bb", "dddd"};
    String made[2];
    String one[1] = {"="};
  algorithm
    made[1] := String(x, significantDigits = d);
    made[2] := names[i];
    made[i] := made[i] + one[i];
    n := len(made[i]);
    token.real := x;
    token.string := made[i];
  end pick;
  Integer k = if time < 0.5 then 1 else 2;
  Real n = pick(k, time, k + 2);
end RuntimeStringArrays;

// CHECK:STDOUT: function RuntimeStringArrays.pick "mocc_f0_RuntimeStringArrays_pick"
// CHECK:STDOUT:   input Integer i;
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   input Integer d;
// CHECK:STDOUT:   output Integer n;
// CHECK:STDOUT:   output Real token.real;
// CHECK:STDOUT:   output String token.string;
// CHECK:STDOUT:   protected String names[3];
// CHECK:STDOUT:   protected String made[2];
// CHECK:STDOUT:   protected String one[1];
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   names[1] := String operation mocc_string_literal();
// CHECK:STDOUT:   names[2] := String operation mocc_string_literal();
// CHECK:STDOUT:   names[3] := String operation mocc_string_literal();
// CHECK:STDOUT:   made[1] := String operation mocc_string_literal();
// CHECK:STDOUT:   made[2] := String operation mocc_string_literal();
// CHECK:STDOUT:   one[1] := String operation mocc_string_literal();
// CHECK:STDOUT:   made[1] := String operation mocc_string_real(x, d, 0, 1);
// CHECK:STDOUT:   made[2] := if i - 1 == 0 then String operation mocc_string_literal() else if i - 1 == 1 then String operation mocc_string_literal() else if i - 1 == 2 then String operation mocc_string_literal() else subscriptError(i);
// CHECK:STDOUT:   load(9, i - 1, 2) := String operation mocc_string_concat(load(9, i - 1, 2), if i - 1 == 0 then String operation mocc_string_literal() else subscriptError(i));
// CHECK:STDOUT:   n := RuntimeStringArrays.len(load(9, i - 1, 2));
// CHECK:STDOUT:   token.real := x;
// CHECK:STDOUT:   token.string := load(9, i - 1, 2);
// CHECK:STDOUT: end RuntimeStringArrays.pick;
// CHECK:STDOUT:
// CHECK:STDOUT: function String operation mocc_string_literal "mocc_string1_mocc_string_literal"
// CHECK:STDOUT:   output String result;
// CHECK:STDOUT: external "C" result = mocc_string_literal("a");
// CHECK:STDOUT: end String operation mocc_string_literal;
// CHECK:STDOUT:
// CHECK:STDOUT: function String operation mocc_string_literal "mocc_string2_mocc_string_literal"
// CHECK:STDOUT:   output String result;
// CHECK:STDOUT: external "C" result = mocc_string_literal("bb");
// CHECK:STDOUT: end String operation mocc_string_literal;
// CHECK:STDOUT:
// CHECK:STDOUT: function String operation mocc_string_literal "mocc_string3_mocc_string_literal"
// CHECK:STDOUT:   output String result;
// CHECK:STDOUT: external "C" result = mocc_string_literal("dddd");
// CHECK:STDOUT: end String operation mocc_string_literal;
// CHECK:STDOUT:
// CHECK:STDOUT: function String operation mocc_string_literal "mocc_string4_mocc_string_literal"
// CHECK:STDOUT:   output String result;
// CHECK:STDOUT: external "C" result = mocc_string_literal("");
// CHECK:STDOUT: end String operation mocc_string_literal;
// CHECK:STDOUT:
// CHECK:STDOUT: function String operation mocc_string_literal "mocc_string5_mocc_string_literal"
// CHECK:STDOUT:   output String result;
// CHECK:STDOUT: external "C" result = mocc_string_literal("=");
// CHECK:STDOUT: end String operation mocc_string_literal;
// CHECK:STDOUT:
// CHECK:STDOUT: function String operation mocc_string_real "mocc_string6_mocc_string_real"
// CHECK:STDOUT:   input Real x0;
// CHECK:STDOUT:   input Integer x1;
// CHECK:STDOUT:   input Integer x2;
// CHECK:STDOUT:   input Boolean x3;
// CHECK:STDOUT:   output String result;
// CHECK:STDOUT: external "C" result = mocc_string_real(x0, x1, x2, x3);
// CHECK:STDOUT: end String operation mocc_string_real;
// CHECK:STDOUT:
// CHECK:STDOUT: function subscriptError "mocc_f7_subscript_error"
// CHECK:STDOUT:   input Integer i1;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   assert(0, "index " + String(i1) + " out of bounds for `names` of size 3 (at runtime_string_arrays.mo:24:16)");
// CHECK:STDOUT: end subscriptError;
// CHECK:STDOUT:
// CHECK:STDOUT: function subscriptError "mocc_f8_subscript_error"
// CHECK:STDOUT:   input Integer i1;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   assert(0, "index " + String(i1) + " out of bounds for `one` of size 1 (at runtime_string_arrays.mo:25:26)");
// CHECK:STDOUT: end subscriptError;
// CHECK:STDOUT:
// CHECK:STDOUT: function String operation mocc_string_concat "mocc_string9_mocc_string_concat"
// CHECK:STDOUT:   input String x0;
// CHECK:STDOUT:   input String x1;
// CHECK:STDOUT:   output String result;
// CHECK:STDOUT: external "C" result = mocc_string_concat(x0, x1);
// CHECK:STDOUT: end String operation mocc_string_concat;
// CHECK:STDOUT:
// CHECK:STDOUT: function subscriptError "mocc_f10_subscript_error"
// CHECK:STDOUT:   input Integer i1;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   assert(0, "index " + String(i1) + " out of bounds for `made` of size 2 (at runtime_string_arrays.mo:25:5)");
// CHECK:STDOUT: end subscriptError;
// CHECK:STDOUT:
// CHECK:STDOUT: function RuntimeStringArrays.len "mocc_f11_RuntimeStringArrays_len"
// CHECK:STDOUT:   input String s;
// CHECK:STDOUT:   output Integer n;
// CHECK:STDOUT: external "C" n = strlen(s);
// CHECK:STDOUT: end RuntimeStringArrays.len;
// CHECK:STDOUT:
// CHECK:STDOUT: class RuntimeStringArrays
// CHECK:STDOUT:   Integer k;
// CHECK:STDOUT:   Real n;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   k = if time < 0.5 then 1 else 2;
// CHECK:STDOUT:   n = RuntimeStringArrays.pick(k, time, k + 2);
// CHECK:STDOUT: end RuntimeStringArrays;
