// RUN: mocc flatten --emit=index-reduced %s
model ZeroCoefficient "a resistor of resistance 0 between D and an internal node: the equation says
  Dint = D and nothing of i, which the other node's current law gives"
  parameter Real R = 0 "no resistance (a model card that leaves it out)";
  parameter Real G = 2;
  Real D, Dint, i;
equation
  D = sin(time);
  i * R = D - Dint;
  i = G * Dint;
end ZeroCoefficient;

// CHECK:STDOUT: class ZeroCoefficient
// CHECK:STDOUT:   parameter Real R = 0 "no resistance (a model card that leaves it out)";
// CHECK:STDOUT:   parameter Real G = 2;
// CHECK:STDOUT:   Real D;
// CHECK:STDOUT:   Real Dint;
// CHECK:STDOUT:   Real i;
// CHECK:STDOUT:   // index reduction: 0 alias variable(s) removed, 0 equation(s) differentiated
// CHECK:STDOUT:   // states: none
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): none
// CHECK:STDOUT: equation
// CHECK:STDOUT:   D = sin(time);
// CHECK:STDOUT:   -(D - Dint) = 0;
// CHECK:STDOUT:   i = G * Dint;
// CHECK:STDOUT: end ZeroCoefficient;
