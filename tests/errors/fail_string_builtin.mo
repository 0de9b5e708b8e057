// RUN: mocc check %s
// Calls of `String` that translation refuses, and `+` on String arrays.
model StringBuiltin
  type E = enumeration(a, b);
  parameter E e = E.a;
  parameter String f = "%g";
  String s1 = String();
  String s2 = String({1, 2});
  String s3 = String(e);
  String s4 = String(1, width = 3);
  String s5 = String(1, significantDigits = {1, 2});
  String s6 = String(time);
  String s7[1] = {"a"} + {"b"};
end StringBuiltin;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_string_builtin.mo:7:15: error: `String` needs the value to convert
// CHECK:STDERR:   String s1 = String();
// CHECK:STDERR:               ^~~~~~~~
// CHECK:STDERR: fail_string_builtin.mo:8:22: error: `String` converts a scalar number, Boolean or enumeration value, not an array [2]
// CHECK:STDERR:   String s2 = String({1, 2});
// CHECK:STDERR:                      ^~~~~~
// CHECK:STDERR: fail_string_builtin.mo:10:33: error: `String` has no option `width` for a scalar
// CHECK:STDERR:   String s4 = String(1, width = 3);
// CHECK:STDERR:                                 ^
// CHECK:STDERR: fail_string_builtin.mo:11:45: error: the `significantDigits` of String() must be a scalar Integer
// CHECK:STDERR:   String s5 = String(1, significantDigits = {1, 2});
// CHECK:STDERR:                                             ^~~~~~
// CHECK:STDERR: fail_string_builtin.mo:12:15: error: String() of `time`, a value known only at run time, is not supported yet
// CHECK:STDERR:   String s6 = String(time);
// CHECK:STDERR:               ^~~~~~~~~~~~
// CHECK:STDERR: fail_string_builtin.mo:13:18: error: `+` on String arrays is not supported
// CHECK:STDERR:   String s7[1] = {"a"} + {"b"};
// CHECK:STDERR:                  ^~~~~~~~~~~~~
