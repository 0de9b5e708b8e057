// RUN: mocc check %s
// RUN: mocc flatten %s
// Relations on Strings known while translating (as the MSL's TerminalBox:
// `Star star if terminalConnection <> "D"`) are decided then, in
// lexicographic order.
model StringRelation
  parameter String connection = "Y";
  model Part
    Real x(start = 1, fixed = true);
  equation
    der(x) = -x;
  end Part;
  Part star if connection <> "D";
  Part delta if connection == "D";
  // A String parameter with only a start value takes it (with a warning).
  parameter String mode(start = "D");
  Part modeD if mode == "D";
  parameter Boolean ordered = "abc" < "abd" and connection >= "Y" and not ("b" <= "a");
  Real y;
equation
  y = if ordered then 1 else 0;
end StringRelation;

// star and modeD exist; delta does not.

// CHECK:STDOUT: Class StringRelation has 3 equation(s) and 3 variable(s).
// CHECK:STDOUT: class StringRelation
// CHECK:STDOUT:   parameter String connection = "Y";
// CHECK:STDOUT:   Real star.x(start = 1, fixed = true);
// CHECK:STDOUT:   parameter String mode = "D";
// CHECK:STDOUT:   Real modeD.x(start = 1, fixed = true);
// CHECK:STDOUT:   parameter Boolean ordered = true;
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(star.x) = -star.x;
// CHECK:STDOUT:   der(modeD.x) = -modeD.x;
// CHECK:STDOUT:   y = 1;
// CHECK:STDOUT: end StringRelation;
// CHECK:STDERR: string_relation.mo:16:20: warning: parameter `mode` has no value; using its start value
// CHECK:STDERR:   parameter String mode(start = "D");
// CHECK:STDERR:                    ^~~~
// CHECK:STDERR: string_relation.mo:16:20: warning: parameter `mode` has no value; using its start value
// CHECK:STDERR:   parameter String mode(start = "D");
// CHECK:STDERR:                    ^~~~
