// RUN: mocc check %s
// String() of a value of the built-in enumeration AssertionLevel, whose
// literals mocc does not name yet.
model StringOfAssertionLevel
  parameter String s = String(AssertionLevel.warning);
end StringOfAssertionLevel;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_string_of_assertion_level.mo:5:24: error: String() of this value is not supported
// CHECK:STDERR:   parameter String s = String(AssertionLevel.warning);
// CHECK:STDERR:                        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
