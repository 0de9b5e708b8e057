// RUN: mocc flatten %s
model Extends "inheritance, modifiers of extends and components, and a short class"
  type Length = Real(unit = "m", nominal = 1);
  model Part
    parameter Real k = 1;
    Length s(start = 0, fixed = true);
  equation
    der(s) = k;
  end Part;
  model Pair
    Part left;
    Part right(k = 2);
  end Pair;
  extends Pair(left(k = 3), right(s(start = 1)));
end Extends;

// CHECK:STDOUT: class Extends
// CHECK:STDOUT:   parameter Real left.k = 3;
// CHECK:STDOUT:   Real left.s(unit = "m", start = 0, fixed = true, nominal = 1);
// CHECK:STDOUT:   parameter Real right.k = 2;
// CHECK:STDOUT:   Real right.s(unit = "m", start = 1, fixed = true, nominal = 1);
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(left.s) = left.k;
// CHECK:STDOUT:   der(right.s) = right.k;
// CHECK:STDOUT: end Extends;
