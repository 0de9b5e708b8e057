// RUN: mocc check %s
// A String equation known while translating must hold; Strings whose values
// are known only at run time are not supported yet.
model StringsUnsupported
  Real x = time;
  String s = "a";
  String t = String(x);
  discrete String u(start = "");
equation
  s = "b";
  when time > 0.5 then
    u = "late";
  end when;
end StringsUnsupported;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_strings.mo:7:14: error: String() of `x`, a value known only at run time, is not supported yet
// CHECK:STDERR:   String t = String(x);
// CHECK:STDERR:              ^~~~~~~~~
// CHECK:STDERR: fail_strings.mo:10:3: error: the String equation does not hold: "a" = "b"
// CHECK:STDERR:   s = "b";
// CHECK:STDERR:   ^~~~~~~
// CHECK:STDERR: fail_strings.mo:12:5: error: a String assigned in a when-clause is not supported yet
// CHECK:STDERR:     u = "late";
// CHECK:STDERR:     ^~~~~~~~~~
