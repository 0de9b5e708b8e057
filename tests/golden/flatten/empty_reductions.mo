// RUN: mocc flatten %s
model EmptyReductions "min and max of nothing (MLS 10.3.4.1, the table of reductions): the greatest
  and least values of the type; Modelica.Math.BooleanVectors.allTrue writes
  size(b, 1) > 0 and min(b), which must translate for an empty b"
  parameter Integer n = 0;
  parameter Real x[n] = fill(1.5, n);
  parameter Integer k[n] = fill(1, n);
  parameter Boolean b[n] = fill(true, n);
  Real minX = min(x);
  Real maxX = max(x);
  Integer minK = min(k);
  Integer maxK = max(k);
  Boolean minB = min(b);
  Boolean maxB = max(b);
  Boolean allTrue = size(b, 1) > 0 and min(b);
  Real minR = min(x[i] for i in 1:n);
end EmptyReductions;

// CHECK:STDOUT: class EmptyReductions
// CHECK:STDOUT:   parameter Integer n = 0;
// CHECK:STDOUT:   Real minX;
// CHECK:STDOUT:   Real maxX;
// CHECK:STDOUT:   Integer minK;
// CHECK:STDOUT:   Integer maxK;
// CHECK:STDOUT:   Boolean minB;
// CHECK:STDOUT:   Boolean maxB;
// CHECK:STDOUT:   Boolean allTrue;
// CHECK:STDOUT:   Real minR;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   minX = 1.7976931348623157e+308;
// CHECK:STDOUT:   maxX = -1.7976931348623157e+308;
// CHECK:STDOUT:   minK = 2147483647;
// CHECK:STDOUT:   maxK = -2147483648;
// CHECK:STDOUT:   minB = 1;
// CHECK:STDOUT:   maxB = 0;
// CHECK:STDOUT:   allTrue = 0;
// CHECK:STDOUT:   minR = 1.7976931348623157e+308;
// CHECK:STDOUT: end EmptyReductions;
