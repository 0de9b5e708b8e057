// RUN: mocc check %s
// A String parameter with a binding has a value, also when its type is a
// short class of String (as MultiBody's World.label1): no warning. Only the
// one without a binding gets one.
model StringParameter
  type Label = String "A label";
  parameter String s = "x";
  parameter Label l = "y";
  parameter String u;
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
end StringParameter;

// CHECK:STDOUT: Class StringParameter has 1 equation(s) and 1 variable(s).
// CHECK:STDERR: string_parameter.mo:9:20: warning: parameter `u` has no value; using its start value ("")
// CHECK:STDERR:   parameter String u;
// CHECK:STDERR:                    ^
