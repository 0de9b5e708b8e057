// RUN: mocc check %s
// An equation of clocks that is not c1 = c2.
model ClockEquation
  Clock c;
  Boolean b = time > 1;
equation
  c = if b then Clock(0.1) else Clock(0.2);
end ClockEquation;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_clock_equation.mo:7:3: error: an equation of clocks other than `c1 = c2` is not supported yet (clocked synchronous partitions, MLS 16)
// CHECK:STDERR:   c = if b then Clock(0.1) else Clock(0.2);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
