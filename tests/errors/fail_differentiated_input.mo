// RUN: mocc check %s
model DifferentiatedInput "index reduction needs der(u), which a top-level input does not have"
  input Real u;
  Real x, y;
equation
  x = 2 * u;
  der(x) = y;
end DifferentiatedInput;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_differentiated_input.mo:6:3: error: cannot differentiate the equation `x = 2 * u`, which index reduction must differentiate: it contains the input `u`, whose derivative is not known
// CHECK:STDERR:   x = 2 * u;
// CHECK:STDERR:   ^~~~~~~~~
