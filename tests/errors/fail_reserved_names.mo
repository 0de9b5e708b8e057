// RUN: mocc check %s
// The names of the predefined types are reserved (MLS 4.9).
model ReservedNames
  class Integer
    Real x = 1;
  end Integer;
  Real Boolean = 3;
end ReservedNames;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_reserved_names.mo:4:3: error: `Integer` is the name of a predefined type; no element may be declared with it
// CHECK:STDERR:   class Integer
// CHECK:STDERR:   ^~~~~~~~~~~~~
// CHECK:STDERR: fail_reserved_names.mo:7:3: error: `Boolean` is the name of a predefined type; no element may be declared with it
// CHECK:STDERR:   Real Boolean = 3;
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~
