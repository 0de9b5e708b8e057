// RUN: mocc check %s
// A String parameter computed from the result of an external function
// whose C function exists nowhere: its text cannot be known while
// translating.
model StringTextUnknown
  function f
    output String s;
  external "C" s = mocc_test_no_such_text_function();
  end f;
  parameter String s = f() + "x";
end StringTextUnknown;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_string_text_unknown.mo:10:24: error: the text of the left operand of `+` is not known while translating
// CHECK:STDERR:   parameter String s = f() + "x";
// CHECK:STDERR:                        ^~~~~~~~~
