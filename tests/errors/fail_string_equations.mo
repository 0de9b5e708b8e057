// RUN: mocc check %s
// String() calls and String equations that translation refuses.
model StringEquations
  String s1 = String(1, 2, true, 4, 5);
  String s2 = String(1.5, format = "zz");
  String a = "x";
  String b;
  String c;
  String d;
  Real x = time;
equation
  a = "y";
  b = 1;
  "p" = "q";
  c = String(x);
  d = if x > 0 then "u" else "v";
end StringEquations;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_string_equations.mo:4:34: error: too many arguments for `String`
// CHECK:STDERR:   String s1 = String(1, 2, true, 4, 5);
// CHECK:STDERR:                                  ^
// CHECK:STDERR: fail_string_equations.mo:5:36: error: the `format` of String() must be a known format such as "2.6f" or "10.3e"
// CHECK:STDERR:   String s2 = String(1.5, format = "zz");
// CHECK:STDERR:                                    ^~~~
// CHECK:STDERR: fail_string_equations.mo:12:3: error: the String equation does not hold: "x" = "y"
// CHECK:STDERR:   a = "y";
// CHECK:STDERR:   ^~~~~~~
// CHECK:STDERR: fail_string_equations.mo:13:3: error: type mismatch: an equation between a String and a scalar
// CHECK:STDERR:   b = 1;
// CHECK:STDERR:   ^~~~~
// CHECK:STDERR: fail_string_equations.mo:14:3: error: the String equation does not hold: "p" = "q"
// CHECK:STDERR:   "p" = "q";
// CHECK:STDERR:   ^~~~~~~~~
// CHECK:STDERR: fail_string_equations.mo:15:7: error: String() of `x`, a value known only at run time, is not supported yet
// CHECK:STDERR:   c = String(x);
// CHECK:STDERR:       ^~~~~~~~~
// CHECK:STDERR: fail_string_equations.mo:16:7: error: if-expressions on Strings with a condition known only at run time are only supported in functions
// CHECK:STDERR:   d = if x > 0 then "u" else "v";
// CHECK:STDERR:       ^~~~~~~~~~~~~~~~~~~~~~~~~~
