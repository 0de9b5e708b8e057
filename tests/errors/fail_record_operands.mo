// RUN: mocc check %s
// Records are not numbers: multiplying arrays of records, or passing a
// record to a Real input, is an error, never a crash.
model RecordOperands
  record C
    Real re;
    Real im;
  end C;
  function twice
    input Real x;
    output Real y = 2*x;
  end twice;
  C a[2], b[2];
  Real p = a*b;
  Real q = twice(a[1]);
equation
  a = b;
  b[1] = C(1, 2);
  b[2] = C(3, 4);
end RecordOperands;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_record_operands.mo:14:12: error: operator `*` is not defined for an array [2] of records `RecordOperands.C` and an array [2] of records `RecordOperands.C`
// CHECK:STDERR:   Real p = a*b;
// CHECK:STDERR:            ^~~
// CHECK:STDERR: fail_record_operands.mo:10:16: error: the argument for `x` is a record, which the input cannot take
// CHECK:STDERR:     input Real x;
// CHECK:STDERR:                ^
