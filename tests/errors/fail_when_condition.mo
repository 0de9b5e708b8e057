// RUN: mocc check %s
// A when-condition must be Boolean.
model WhenCondition
  Real x(start = 1, fixed = true);
  discrete Real y(start = 0, fixed = true);
equation
  der(x) = -x;
  when "late" then
    y = pre(y) + 1;
  end when;
end WhenCondition;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_when_condition.mo:8:8: error: the condition of a when-equation must be a Boolean or a vector of Booleans
// CHECK:STDERR:   when "late" then
// CHECK:STDERR:        ^~~~~~
