// RUN: mocc check %s
// Operators and equations take the types the specification gives them:
// arithmetic on numbers, relations between values of one type, `^` yields
// a Real, Boolean conditions, and no implicit enumeration conversions
// (MLS 3.3 to 3.5, 4.9.5, 8.3).
model OperandTypes
  type E = enumeration(one, two, three);
  type F = enumeration(one, two);
  parameter Integer n = 1;
  parameter Real a = if E.three == 0 then 1 else 2;
  constant Integer i = 8 ^ 3;
  parameter E e = F.one;
  Real t = 2.0 * terminal();
  Boolean b;
  Real x;
equation
  b = time;
  if n then
    x = 1;
  else
    x = 2;
  end if;
  assert(1, "not a condition");
end OperandTypes;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_operand_types.mo:10:25: error: relation `==` compares `OperandTypes.E` with `Integer`; convert one of them first
// CHECK:STDERR:   parameter Real a = if E.three == 0 then 1 else 2;
// CHECK:STDERR:                         ^~~~~~~~~~~~
// CHECK:STDERR: fail_operand_types.mo:11:24: error: type mismatch: `i` is of type `Integer` but its binding is a Real expression
// CHECK:STDERR:   constant Integer i = 8 ^ 3;
// CHECK:STDERR:                        ^~~~~
// CHECK:STDERR: fail_operand_types.mo:12:19: error: type mismatch: `e` is of the enumeration type `OperandTypes.E` but its binding is of `OperandTypes.F`
// CHECK:STDERR:   parameter E e = F.one;
// CHECK:STDERR:                   ^~~~~
// CHECK:STDERR: fail_operand_types.mo:13:12: error: operator `*` needs numeric operands, not `Real` and `Boolean`
// CHECK:STDERR:   Real t = 2.0 * terminal();
// CHECK:STDERR:            ^~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_operand_types.mo:17:3: error: type mismatch: the left side of the equation is of type `Boolean` and the right side of type `Real`
// CHECK:STDERR:   b = time;
// CHECK:STDERR:   ^~~~~~~~
// CHECK:STDERR: fail_operand_types.mo:18:6: error: the condition of an if-equation must be a scalar Boolean
// CHECK:STDERR:   if n then
// CHECK:STDERR:      ^
// CHECK:STDERR: fail_operand_types.mo:23:10: error: the condition of an assert must be a scalar Boolean
// CHECK:STDERR:   assert(1, "not a condition");
// CHECK:STDERR:          ^
