// RUN: mocc flatten %s
// Found by the flatten fuzz target: a record in a relation crashed
// (its elements were read as if it were a number).
model RelationRecord
  record R
    Real a;
  end R;
  R r(a = 1);
  Boolean on = r > 1;
end RelationRecord;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_relation_record.mo:9:16: error: operator `>` is not defined for a record `RelationRecord.R` and a scalar
// CHECK:STDERR:   Boolean on = r > 1;
// CHECK:STDERR:                ^~~~~
