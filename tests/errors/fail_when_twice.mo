// RUN: mocc check %s
// Two when-clauses may not assign the same variable (MLS 8.3.5.2).
model WhenTwice
  Real x(start = 1, fixed = true);
  discrete Real y(start = 0, fixed = true);
equation
  der(x) = -x;
  when x < 0.5 then
    y = 1;
  end when;
  when x < 0.25 then
    y = 2;
  end when;
end WhenTwice;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_when_twice.mo:12:5: error: `y` is assigned in two when-clauses; a variable may be assigned in one when-clause only (use elsewhen)
// CHECK:STDERR:     y = 2;
// CHECK:STDERR:     ^~~~~
// CHECK:STDERR: fail_when_twice.mo:8:3: note: the other when-clause
// CHECK:STDERR:   when x < 0.5 then
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~
