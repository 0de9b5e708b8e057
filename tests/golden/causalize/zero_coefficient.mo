// RUN: mocc flatten --emit=index-reduced %s
model ZeroCoefficient "a resistor of resistance 0 between D and an internal node, its resistance a
  field of a final record (as Spice3's model-card results are): the equation says Dint = D and
  nothing of i, which the other node's current law gives. A user's parameter of value 0 (k) keeps
  the structure as written."
  record Card
    Real R "resistance";
  end Card;
  final parameter Card c = Card(R = 0) "no resistance (a model card that leaves it out)";
  parameter Real G = 2;
  parameter Real k = 0;
  Real D, Dint, i, y;
equation
  D = sin(time);
  i * c.R = D - Dint;
  i = G * Dint;
  y = k * i + D;
end ZeroCoefficient;

// CHECK:STDOUT: class ZeroCoefficient
// CHECK:STDOUT:   parameter Real c.R = 0 "resistance";
// CHECK:STDOUT:   parameter Real G = 2;
// CHECK:STDOUT:   parameter Real k = 0;
// CHECK:STDOUT:   Real D;
// CHECK:STDOUT:   Real Dint;
// CHECK:STDOUT:   Real i;
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT:   // index reduction: 0 alias variable(s) removed, 0 equation(s) differentiated
// CHECK:STDOUT:   // states: none
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): none
// CHECK:STDOUT: equation
// CHECK:STDOUT:   D = sin(time);
// CHECK:STDOUT:   -(D - Dint) = 0;
// CHECK:STDOUT:   i = G * Dint;
// CHECK:STDOUT:   y = k * i + D;
// CHECK:STDOUT: end ZeroCoefficient;
