// RUN: mocc check %s -m RecordArgumentLacksField
// A record argument must have every component of the input's record (MLS
// 6.4, 12.4.1): one with other names is rejected, not bound by position.
model RecordArgumentLacksField
  record A
    Real p;
    Real T;
  end A;
  record C
    Real p;
    Real q;
  end C;
  function f
    input A a;
    output Real y;
  algorithm
    y := a.p + a.T;
  end f;
  C c(p = time, q = 2);
  Real y = f(c);
end RecordArgumentLacksField;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_record_argument_lacks_field.mo:14:13: error: the argument for `a` is a record `RecordArgumentLacksField.C`, which has no component `T` of the input's record `RecordArgumentLacksField.A`
// CHECK:STDERR:     input A a;
// CHECK:STDERR:             ^
