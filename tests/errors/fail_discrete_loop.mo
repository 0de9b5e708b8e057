// RUN: mocc simulate %s -o discrete_loop_res.csv
// Two when-equations that assign each other's variable at the same event:
// an algebraic loop of discrete variables, which the event iteration
// cannot order.
model DiscreteLoop
  Integer i(start = 0), j(start = 0);
equation
  when time > 0.5 then
    i = j + 1;
  end when;
  when time > 0.5 then
    j = i + 1;
  end when;
end DiscreteLoop;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_discrete_loop.mo:6:11: error: the discrete variable `i` depends on itself through when-clauses (an algebraic loop of discrete variables)
// CHECK:STDERR:   Integer i(start = 0), j(start = 0);
// CHECK:STDERR:           ^
