// RUN: mocc flatten %s
model Redeclare "redeclare needs a replaceable element"
  model A
    Real x = 1;
  end A;
  model B
    Real x = 2;
  end B;
  model Holder
    A part;
  end Holder;
  Holder h(redeclare B part);
end Redeclare;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_redeclare.mo:12:12: error: `part` is redeclared but not declared `replaceable`
// CHECK:STDERR:   Holder h(redeclare B part);
// CHECK:STDERR:            ^~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_redeclare.mo:10:5: note: declared here
// CHECK:STDERR:     A part;
// CHECK:STDERR:     ^~~~~~
