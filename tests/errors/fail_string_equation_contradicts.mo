// RUN: mocc check %s
// One array equation gives `s[1]` two different texts.
model StringEquationContradicts
  String s[2];
equation
  {s[1], s[1]} = {"a", "b"};
  s[2] = "c";
end StringEquationContradicts;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_string_equation_contradicts.mo:6:3: error: `s[1]` is "a" and this equation makes it "b"
// CHECK:STDERR:   {s[1], s[1]} = {"a", "b"};
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~
