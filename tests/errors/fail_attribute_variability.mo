// RUN: mocc check %s
// min, max and nominal are parameters of the predefined types (MLS 3.6
// section 4.8), so their modifiers must be parameter expressions (3.8):
// these were accepted. An array is told once.
model AttributeVariability
  Real x(start = 1, fixed = true);
  Real k(min = time) = 1;
  Real m[2](each max = x) = {1, 2};
  parameter Real p(nominal = x) = 1;
  Real ok(min = p, max = 2 * p) = 1;
equation
  der(x) = -x;
end AttributeVariability;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_attribute_variability.mo:7:8: error: the attribute `min` of `k` must be a parameter expression, but it uses `time`
// CHECK:STDERR:   Real k(min = time) = 1;
// CHECK:STDERR:        ^
// CHECK:STDERR: fail_attribute_variability.mo:8:8: error: the attribute `max` of `m[1]` must be a parameter expression, but it uses `x`, a continuous-time variable
// CHECK:STDERR:   Real m[2](each max = x) = {1, 2};
// CHECK:STDERR:        ^
// CHECK:STDERR: fail_attribute_variability.mo:9:18: error: the attribute `nominal` of `p` must be a parameter expression, but it uses `x`, a continuous-time variable
// CHECK:STDERR:   parameter Real p(nominal = x) = 1;
// CHECK:STDERR:                  ^
