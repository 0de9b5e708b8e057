// RUN: mocc check %s
// Enumeration literals are distinct and not named like the attributes of
// an enumeration type (MLS 4.9.5).
model EnumerationLiterals
  type E = enumeration(one, two, one);
  type F = enumeration(min, low);
  E e = E.two;
  F f = F.low;
end EnumerationLiterals;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_enumeration_literals.mo:5:34: error: enumeration literal `one` is declared twice
// CHECK:STDERR:   type E = enumeration(one, two, one);
// CHECK:STDERR:                                  ^~~
// CHECK:STDERR: fail_enumeration_literals.mo:5:24: note: the first declaration
// CHECK:STDERR:   type E = enumeration(one, two, one);
// CHECK:STDERR:                        ^~~
// CHECK:STDERR: fail_enumeration_literals.mo:6:24: error: `min` is an attribute of enumeration types and cannot be an enumeration literal
// CHECK:STDERR:   type F = enumeration(min, low);
// CHECK:STDERR:                        ^~~
