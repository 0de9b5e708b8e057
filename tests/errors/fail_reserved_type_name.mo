// RUN: mocc check %s
// The names of the predefined types are reserved (MLS 4.8): a class named
// Real is an error, not a class that contains itself.
model ReservedTypeName
  class Real
    Real x = 1.0;
  end Real;
  Real r;
  Integer Boolean = 1;
end ReservedTypeName;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_reserved_type_name.mo:5:3: error: `Real` is the name of a predefined type; no element may be declared with it
// CHECK:STDERR:   class Real
// CHECK:STDERR:   ^~~~~~~~~~
// CHECK:STDERR: fail_reserved_type_name.mo:9:3: error: `Boolean` is the name of a predefined type; no element may be declared with it
// CHECK:STDERR:   Integer Boolean = 1;
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~
