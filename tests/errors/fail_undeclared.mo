// RUN: mocc check %s
model Undeclared
  Real v(start = 1, fixed = true);
equation
  der(v) = -vv;
end Undeclared;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_undeclared.mo:5:13: error: use of undeclared identifier `vv`
// CHECK:STDERR:   der(v) = -vv;
// CHECK:STDERR:             ^~
