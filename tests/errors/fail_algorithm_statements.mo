// RUN: mocc check %s
// Statements of a model's algorithm sections that flattening refuses (MLS
// 11.2, 8.3.6 reinit), one algorithm section each.
model AlgorithmStatements
  Real x(start = 1, fixed = true);
  Real w[2](each start = 1, each fixed = true);
  Real a;
  discrete Real e(start = 0, fixed = true);
equation
  der(x) = -x;
  der(w) = -w;
algorithm
  when time > 0.5 then
    reinit(x);
  end when;
algorithm
  when time > 0.5 then
    reinit(w, {1, 2, 3});
  end when;
algorithm
  when time > 0.5 then
    reinit(a, 1);
  end when;
algorithm
  when time > 0.5 then
    terminate();
  end when;
algorithm
  reinit(x, 1);
algorithm
  assert(1 > 2, "m", AssertionLevel.error, 4);
algorithm
  if time > 0.5 then
    when time > 0.7 then
      e := 1;
    end when;
  end if;
algorithm
  time := 1;
end AlgorithmStatements;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_algorithm_statements.mo:14:5: error: `reinit` takes two arguments: a state and its new value
// CHECK:STDERR:     reinit(x);
// CHECK:STDERR:     ^~~~~~~~~
// CHECK:STDERR: fail_algorithm_statements.mo:18:5: error: the two arguments of `reinit` have different sizes
// CHECK:STDERR:     reinit(w, {1, 2, 3});
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_algorithm_statements.mo:26:5: error: `terminate` takes one argument: the message
// CHECK:STDERR:     terminate();
// CHECK:STDERR:     ^~~~~~~~~~~
// CHECK:STDERR: fail_algorithm_statements.mo:29:3: error: `reinit` is only allowed inside a when-statement
// CHECK:STDERR:   reinit(x, 1);
// CHECK:STDERR:   ^~~~~~~~~~~~
// CHECK:STDERR: fail_algorithm_statements.mo:31:3: error: the assertion `1 > 2`: m
// CHECK:STDERR:   assert(1 > 2, "m", AssertionLevel.error, 4);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_algorithm_statements.mo:34:5: error: a when-statement cannot be nested in another when-statement or inside if, for or while (MLS 11.2.7)
// CHECK:STDERR:     when time > 0.7 then
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_algorithm_statements.mo:39:3: error: `time` cannot be assigned in an algorithm here: only variables of the model itself (and their elements) can
// CHECK:STDERR:   time := 1;
// CHECK:STDERR:   ^~~~
// CHECK:STDERR: fail_algorithm_statements.mo:22:12: error: `reinit` needs a state (a variable that appears differentiated)
// CHECK:STDERR:     reinit(a, 1);
// CHECK:STDERR:            ^
