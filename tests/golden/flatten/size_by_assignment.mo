// RUN: mocc flatten %s
model SizeByAssignment "an output and a protected array declared with `:` sized by their first assignment as a whole (MLS 12.4.5), whose value has sizes known while translating"
  function sat
    input Real p;
    output Real[:] Xsat;
  algorithm
    Xsat := {p/(1 + p), 1/(1 + p)};
  end sat;
  function first
    input Real p;
    output Real x;
  protected
    Real[:] X;
  algorithm
    X := sat(p);
    x := X[1] + size(X, 1);
  end first;
  Real y = first(time);
end SizeByAssignment;

// CHECK:STDOUT: function SizeByAssignment.first "mocc_f0_SizeByAssignment_first"
// CHECK:STDOUT:   input Real p;
// CHECK:STDOUT:   output Real x;
// CHECK:STDOUT:   protected Real X[2];
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   X[1] := SizeByAssignment.sat(p);
// CHECK:STDOUT:   X[2] := (SizeByAssignment.sat(p))[2];
// CHECK:STDOUT:   x := X[1] + 2;
// CHECK:STDOUT: end SizeByAssignment.first;
// CHECK:STDOUT:
// CHECK:STDOUT: function SizeByAssignment.sat "mocc_f1_SizeByAssignment_sat"
// CHECK:STDOUT:   input Real p;
// CHECK:STDOUT:   output Real Xsat[2];
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   Xsat[1] := p / (1 + p);
// CHECK:STDOUT:   Xsat[2] := 1 / (1 + p);
// CHECK:STDOUT: end SizeByAssignment.sat;
// CHECK:STDOUT:
// CHECK:STDOUT: class SizeByAssignment
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   y = SizeByAssignment.first(time);
// CHECK:STDOUT: end SizeByAssignment;
