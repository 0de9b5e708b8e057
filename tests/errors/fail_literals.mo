// RUN: mocc parse %s
model Literals "literals the AST builder refuses"
  parameter Real big = 1e999;
  parameter String s = "a\qb";
equation
  big + 1;
end Literals;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_literals.mo:3:24: error: real literal `1e999` is out of range
// CHECK:STDERR:   parameter Real big = 1e999;
// CHECK:STDERR:                        ^~~~~
// CHECK:STDERR: fail_literals.mo:4:26: error: unknown escape sequence `\q` in string
// CHECK:STDERR:   parameter String s = "a\qb";
// CHECK:STDERR:                          ^~
// CHECK:STDERR: fail_literals.mo:6:10: error: expected `=`; only a function call can stand alone as an equation
// CHECK:STDERR:   big + 1;
// CHECK:STDERR:          ^
