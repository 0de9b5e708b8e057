// RUN: mocc check %s
// A class may extend a class it declares itself, further down (as the
// MSL's MassWithStopAndFriction extends its own PartialFrictionWithStop).
model ExtendsLocalClass
  extends Decay(k = 2);
  encapsulated partial model Decay
    parameter Real k = 1;
    Real x(start = 1, fixed = true);
  equation
    der(x) = -k*x;
  end Decay;
end ExtendsLocalClass;

// CHECK:STDOUT: Class ExtendsLocalClass has 1 equation(s) and 1 variable(s).
