// RUN: mocc parse %s
model Lexical "characters outside any token"
  Real a = 1 $ 2;
  Real b = 1  2;
  Real c = 1 é 2;
  Real 'd
  Real e;
  /* an unterminated comment
end Lexical;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_lexical.mo:3:14: error: unexpected character `$`
// CHECK:STDERR:   Real a = 1 $ 2;
// CHECK:STDERR:              ^
// CHECK:STDERR: fail_lexical.mo:4:14: error: unexpected control character 0x01
// CHECK:STDERR:   Real b = 1  2;
// CHECK:STDERR:              ^
// CHECK:STDERR: fail_lexical.mo:5:14: error: unexpected character `é`; non-ASCII characters may only appear in strings and comments
// CHECK:STDERR:   Real c = 1 é 2;
// CHECK:STDERR:              ^
// CHECK:STDERR: fail_lexical.mo:6:8: error: unterminated quoted identifier
// CHECK:STDERR:   Real 'd
// CHECK:STDERR:        ^
// CHECK:STDERR: fail_lexical.mo:6:10: error: expected `;` after the component declaration
// CHECK:STDERR:   Real 'd
// CHECK:STDERR:          ^
// CHECK:STDERR: fail_lexical.mo:8:3: error: unterminated `/*` comment
// CHECK:STDERR:   /* an unterminated comment
// CHECK:STDERR:   ^~
