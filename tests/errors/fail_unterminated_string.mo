// RUN: mocc parse %s
// An unterminated string runs to the end of the file; nothing after it is
// reported again. (The expectation is above the code: below it, it would be
// part of the string.)
// CHECK:EXIT: 1
// CHECK:STDERR: fail_unterminated_string.mo:10:24: error: unterminated string literal
// CHECK:STDERR:   parameter String s = "abc;
// CHECK:STDERR:                        ^
model M
  parameter String s = "abc;
end M;
