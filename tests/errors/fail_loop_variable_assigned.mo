// RUN: mocc check %s
// The loop variable of a for-statement cannot be assigned (MLS 11.2.2.1),
// in a function or in a model's algorithm, even where it hides a component
// of the same name (which must not be assigned in its place).
model LoopVariableAssigned
  function f
    input Real u;
    output Real y;
  algorithm
    y := u;
    for i in 1:3 loop
      i := 2;
      y := y + i;
    end for;
  end f;
  Real x;
  Real z = f(1);
algorithm
  for x in 1:2 loop
    x := 3;
  end for;
end LoopVariableAssigned;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_loop_variable_assigned.mo:12:7: error: the for-loop variable `i` cannot be assigned in the loop
// CHECK:STDERR:       i := 2;
// CHECK:STDERR:       ^
// CHECK:STDERR: fail_loop_variable_assigned.mo:20:5: error: the for-loop variable `x` cannot be assigned in the loop
// CHECK:STDERR:     x := 3;
// CHECK:STDERR:     ^
