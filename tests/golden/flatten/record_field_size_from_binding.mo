// RUN: mocc flatten %s
// A field declared `[:, 2]` in a record component that is bound as a whole
// takes its size from the record it is bound to, not from the field's own
// default (MLS 10.1): the default of the record's constructor is only used
// when the binding does not give the field.
model RecordFieldSizeFromBinding
  record Data
    parameter Real table[:, 2] = [0, 1; 1, 2];
    final parameter Real internal[:, 2] = table;
  end Data;
  record LongData
    extends Data(table = [0, 1; 1, 3; 2, 5]);
  end LongData;
  model User
    parameter Data data;
    Real y = data.table[size(data.table, 1), 2] * time;
  end User;
  parameter LongData long;
  User user(data = long);
  User plain;
end RecordFieldSizeFromBinding;

// CHECK:STDOUT: class RecordFieldSizeFromBinding
// CHECK:STDOUT:   parameter Real long.table[1,1] = 0;
// CHECK:STDOUT:   parameter Real long.table[1,2] = 1;
// CHECK:STDOUT:   parameter Real long.table[2,1] = 1;
// CHECK:STDOUT:   parameter Real long.table[2,2] = 3;
// CHECK:STDOUT:   parameter Real long.table[3,1] = 2;
// CHECK:STDOUT:   parameter Real long.table[3,2] = 5;
// CHECK:STDOUT:   parameter Real long.internal[1,1] = long.table[1,1];
// CHECK:STDOUT:   parameter Real long.internal[1,2] = long.table[1,2];
// CHECK:STDOUT:   parameter Real long.internal[2,1] = long.table[2,1];
// CHECK:STDOUT:   parameter Real long.internal[2,2] = long.table[2,2];
// CHECK:STDOUT:   parameter Real long.internal[3,1] = long.table[3,1];
// CHECK:STDOUT:   parameter Real long.internal[3,2] = long.table[3,2];
// CHECK:STDOUT:   parameter Real user.data.table[1,1] = long.table[1,1];
// CHECK:STDOUT:   parameter Real user.data.table[1,2] = long.table[1,2];
// CHECK:STDOUT:   parameter Real user.data.table[2,1] = long.table[2,1];
// CHECK:STDOUT:   parameter Real user.data.table[2,2] = long.table[2,2];
// CHECK:STDOUT:   parameter Real user.data.table[3,1] = long.table[3,1];
// CHECK:STDOUT:   parameter Real user.data.table[3,2] = long.table[3,2];
// CHECK:STDOUT:   parameter Real user.data.internal[1,1] = long.internal[1,1];
// CHECK:STDOUT:   parameter Real user.data.internal[1,2] = long.internal[1,2];
// CHECK:STDOUT:   parameter Real user.data.internal[2,1] = long.internal[2,1];
// CHECK:STDOUT:   parameter Real user.data.internal[2,2] = long.internal[2,2];
// CHECK:STDOUT:   parameter Real user.data.internal[3,1] = long.internal[3,1];
// CHECK:STDOUT:   parameter Real user.data.internal[3,2] = long.internal[3,2];
// CHECK:STDOUT:   Real user.y;
// CHECK:STDOUT:   parameter Real plain.data.table[1,1] = 0;
// CHECK:STDOUT:   parameter Real plain.data.table[1,2] = 1;
// CHECK:STDOUT:   parameter Real plain.data.table[2,1] = 1;
// CHECK:STDOUT:   parameter Real plain.data.table[2,2] = 2;
// CHECK:STDOUT:   parameter Real plain.data.internal[1,1] = plain.data.table[1,1];
// CHECK:STDOUT:   parameter Real plain.data.internal[1,2] = plain.data.table[1,2];
// CHECK:STDOUT:   parameter Real plain.data.internal[2,1] = plain.data.table[2,1];
// CHECK:STDOUT:   parameter Real plain.data.internal[2,2] = plain.data.table[2,2];
// CHECK:STDOUT:   Real plain.y;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   user.y = user.data.table[3,2] * time;
// CHECK:STDOUT:   plain.y = plain.data.table[2,2] * time;
// CHECK:STDOUT: end RecordFieldSizeFromBinding;
