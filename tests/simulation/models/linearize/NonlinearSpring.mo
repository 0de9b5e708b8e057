within;
model NonlinearSpring "a spring whose elongation z solves z + 0.5 sin(z) = x: an algebraic loop"
  parameter Real m = 3;
  parameter Real c = 7;
  parameter Real d = 0.4;
  input Real F;
  output Real y = z;
  Real x(start = 0.3, fixed = true);
  Real v(start = 0, fixed = true);
  Real z(start = 0.2);
equation
  z + 0.5 * sin(z) = x;
  der(x) = v;
  m * der(v) = F - c * z - d * v;
end NonlinearSpring;
