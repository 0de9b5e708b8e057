// RUN: mocc check %s
// `break` only in loops (MLS 11.2.6), `return` only in functions (11.2.7).
model Statements
  Real x;
algorithm
  x := 1;
  if time > 0.5 then
    break;
  end if;
  return;
end Statements;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_statements.mo:8:5: error: `break` can only be used inside a for- or while-loop
// CHECK:STDERR:     break;
// CHECK:STDERR:     ^~~~~
// CHECK:STDERR: fail_statements.mo:10:3: error: `return` can only be used in a function
// CHECK:STDERR:   return;
// CHECK:STDERR:   ^~~~~~
