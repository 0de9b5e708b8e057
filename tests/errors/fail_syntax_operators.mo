// RUN: mocc parse %s
model SyntaxOperators "mistakes with their own explanation"
  Real x = 2 * -3;
  Real y[0] = {};
end SyntaxOperators;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_syntax_operators.mo:3:16: error: unary `-` cannot follow `*`; put the operand in parentheses
// CHECK:STDERR:   Real x = 2 * -3;
// CHECK:STDERR:                ^
// CHECK:STDERR: fail_syntax_operators.mo:4:16: error: empty array constructor `{}`; an array constructor needs at least one element (`fill(0, 0)` makes an empty array)
// CHECK:STDERR:   Real y[0] = {};
// CHECK:STDERR:                ^
