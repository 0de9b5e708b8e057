// RUN: mocc flatten %s
// A record bound as a whole takes every field's value from its binding; a
// field's own declaration equation (`z = false`) is only the default of
// the record's constructor. (It was an extra equation for a variable, and
// the default's value for a parameter.)
model RecordBindingFields
  record R
    Real x;
    Boolean z = false;
  end R;
  R r = R(1.0, true);
  parameter R p = R(2.0, true);
  Real y = if p.z then time else -time;
end RecordBindingFields;

// CHECK:STDOUT: class RecordBindingFields
// CHECK:STDOUT:   Real r.x;
// CHECK:STDOUT:   Boolean r.z;
// CHECK:STDOUT:   parameter Real p.x = 2;
// CHECK:STDOUT:   parameter Boolean p.z = true;
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   r.x = 1;
// CHECK:STDOUT:   r.z = 1;
// CHECK:STDOUT:   y = time;
// CHECK:STDOUT: end RecordBindingFields;
