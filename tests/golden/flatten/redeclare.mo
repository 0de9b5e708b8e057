// RUN: mocc flatten %s
model Redeclare "replaceable models and functions, redeclared in modifiers"
  partial function Law
    input Real x;
    output Real y;
  end Law;
  function Linear
    extends Law;
    input Real k = 1;
  algorithm
    y := k * x;
  end Linear;
  function Square
    extends Law;
  algorithm
    y := x^2;
  end Square;
  model Part
    replaceable function law = Linear constrainedby Law;
    replaceable Real z(start = 0) constrainedby Real;
    Real y;
  equation
    y = law(time);
    z = 2 * y;
  end Part;
  parameter Real gain = 3;
  Part a;
  Part b(redeclare function law = Linear(k = gain));
  Part c(redeclare function law = Square);
end Redeclare;

// CHECK:STDOUT: function Redeclare.Linear "mocc_f0_Redeclare_Linear"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   input Real k;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := k * x;
// CHECK:STDOUT: end Redeclare.Linear;
// CHECK:STDOUT:
// CHECK:STDOUT: function Redeclare.Linear "mocc_f1_Redeclare_Linear"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   input Real k;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := k * x;
// CHECK:STDOUT: end Redeclare.Linear;
// CHECK:STDOUT:
// CHECK:STDOUT: function Redeclare.Square "mocc_f2_Redeclare_Square"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   y := x^2;
// CHECK:STDOUT: end Redeclare.Square;
// CHECK:STDOUT:
// CHECK:STDOUT: class Redeclare
// CHECK:STDOUT:   parameter Real gain = 3;
// CHECK:STDOUT:   Real a.z(start = 0);
// CHECK:STDOUT:   Real a.y;
// CHECK:STDOUT:   Real b.z(start = 0);
// CHECK:STDOUT:   Real b.y;
// CHECK:STDOUT:   Real c.z(start = 0);
// CHECK:STDOUT:   Real c.y;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   a.y = Redeclare.Linear(time, 1);
// CHECK:STDOUT:   a.z = 2 * a.y;
// CHECK:STDOUT:   b.y = Redeclare.Linear(time, gain);
// CHECK:STDOUT:   b.z = 2 * b.y;
// CHECK:STDOUT:   c.y = Redeclare.Square(time);
// CHECK:STDOUT:   c.z = 2 * c.y;
// CHECK:STDOUT: end Redeclare;
