// RUN: mocc check %s
// An equation between two String variables whose texts nothing gives while
// translating: mocc's Strings are values known while translating.
model StringEquationRunTime
  String s, t;
equation
  s = t;
end StringEquationRunTime;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_string_equation_run_time.mo:7:3: error: an equation between Strings whose values are known only at run time is not supported yet
// CHECK:STDERR:   s = t;
// CHECK:STDERR:   ^~~~~
