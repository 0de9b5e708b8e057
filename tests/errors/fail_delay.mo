// RUN: mocc check %s
model DelayErrors
  Real x = time;
  Real a = delay(x);
  Real b = delay(x, x);
  Real c = delay(x, 1, x);
  Boolean d = delay(x > 0, 1);
end DelayErrors;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_delay.mo:4:12: error: `delay` takes 2 or 3 argument(s)
// CHECK:STDERR:   Real a = delay(x);
// CHECK:STDERR:            ^~~~~~~~
// CHECK:STDERR: fail_delay.mo:5:21: error: the delay time of `delay` must be a parameter expression, and `x` is not
// CHECK:STDERR:   Real b = delay(x, x);
// CHECK:STDERR:                     ^
// CHECK:STDERR: fail_delay.mo:6:24: error: the maximum delay of `delay` must be a parameter expression, and `x` is not
// CHECK:STDERR:   Real c = delay(x, 1, x);
// CHECK:STDERR:                        ^
// CHECK:STDERR: fail_delay.mo:7:21: error: `delay` needs Real or Integer arguments, not `Boolean`
// CHECK:STDERR:   Boolean d = delay(x > 0, 1);
// CHECK:STDERR:                     ^~~~~
