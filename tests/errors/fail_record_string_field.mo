// RUN: mocc check %s
// A record with a String field bound as a whole needs an equation of
// Strings, which the flat model cannot hold: not supported yet (it was a
// misaligned record equation and a crash).
model RecordStringField
  record R
    Real x;
    String name;
  end R;
  R r = R(1.0, "one");
end RecordStringField;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_record_string_field.mo:10:9: error: the binding of `r`, a record with the String field `name` that is not a parameter, is not supported yet
// CHECK:STDERR:   R r = R(1.0, "one");
// CHECK:STDERR:         ^~~~~~~~~~~~~
