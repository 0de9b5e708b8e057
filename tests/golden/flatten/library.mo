// RUN: mocc flatten %s
model Library "classes of the bundled library, loaded on demand"
  import Modelica.Units.SI;
  parameter SI.Length L = 2;
  parameter SI.Angle phi0 = Modelica.Units.Conversions.from_deg(30);
  Modelica.Blocks.Interfaces.RealOutput y;
  Real d = Modelica.Math.Vectors.length({L, 0, 0});
equation
  y = L * Modelica.Math.sin(phi0 + Modelica.Constants.pi * time);
end Library;

// CHECK:STDOUT: class Library
// CHECK:STDOUT:   parameter Real L(quantity = "Length", unit = "m") = 2;
// CHECK:STDOUT:   parameter Real phi0(quantity = "Angle", unit = "rad", displayUnit = "deg") = 0.5235987755982988;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT:   Real d;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   d = sqrt(L * L);
// CHECK:STDOUT:   y = L * sin(phi0 + 3.141592653589793 * time);
// CHECK:STDOUT: end Library;
