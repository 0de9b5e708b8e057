// RUN: mocc flatten %s
// The binding of a parameter record gives the value of every field below
// it, through arrays of records too, in place of the fields' declarations:
// `data` has two RC elements, so `stack.data = data` makes stack.data.rc two
// elements from data, not the one-element default of Cell's declaration
// (MLS 7.2.5; the MSL's Batteries: `cellData = cellData`).
model RecordBindingArrayOfRecords
  record RC
    parameter Real R;
    parameter Real C;
  end RC;

  record Cell
    parameter Real Ri = 1;
    parameter Integer nRC = 1 annotation(Evaluate = true);
    parameter RC rc[nRC] = {RC(R = 0, C = 0)};
  end Cell;

  model Stack
    parameter Cell data;
    Real sumR = sum(data.rc.R);
  end Stack;

  parameter Cell data(Ri = 2, nRC = 2, rc = {RC(R = 0.2 * data.Ri, C = 3), RC(R = 0.1 * data.Ri, C = 4)});
  Stack stack(data = data);
end RecordBindingArrayOfRecords;

// CHECK:STDOUT: class RecordBindingArrayOfRecords
// CHECK:STDOUT:   parameter Real data.Ri = 2;
// CHECK:STDOUT:   parameter Integer data.nRC = 2;
// CHECK:STDOUT:   parameter Real data.rc[1].R = 0.2 * data.Ri;
// CHECK:STDOUT:   parameter Real data.rc[1].C = 3;
// CHECK:STDOUT:   parameter Real data.rc[2].R = 0.1 * data.Ri;
// CHECK:STDOUT:   parameter Real data.rc[2].C = 4;
// CHECK:STDOUT:   parameter Real stack.data.Ri = data.Ri;
// CHECK:STDOUT:   parameter Integer stack.data.nRC = data.nRC;
// CHECK:STDOUT:   parameter Real stack.data.rc[1].R = data.rc[1].R;
// CHECK:STDOUT:   parameter Real stack.data.rc[1].C = data.rc[1].C;
// CHECK:STDOUT:   parameter Real stack.data.rc[2].R = data.rc[2].R;
// CHECK:STDOUT:   parameter Real stack.data.rc[2].C = data.rc[2].C;
// CHECK:STDOUT:   Real stack.sumR;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   stack.sumR = stack.data.rc[1].R + stack.data.rc[2].R;
// CHECK:STDOUT: end RecordBindingArrayOfRecords;
