within;
model MassSpringDamper "a mass on a spring and a damper, pushed by an input force"
  parameter Real m(unit = "kg") = 3;
  parameter Real c(unit = "N/m") = 7;
  parameter Real d(unit = "N.s/m") = 0.4;
  input Real F(unit = "N") "the force on the mass";
  output Real position = x;
  output Real acceleration = der(v);
  output Real sensed = 2 * F + x "a direct feedthrough";
  Real x(start = 0.5, fixed = true);
  Real v(start = -1, fixed = true);
equation
  der(x) = v;
  m * der(v) = F - c * x - d * v;
end MassSpringDamper;
