// RUN: mocc check %s
// reinit() belongs in a when-clause.
model ReinitOutsideWhen
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  reinit(x, 0);
end ReinitOutsideWhen;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_reinit_outside_when.mo:7:3: error: `reinit` is only allowed inside a when-clause
// CHECK:STDERR:   reinit(x, 0);
// CHECK:STDERR:   ^~~~~~~~~~~~
