// A parameter found by initialization (fixed = false) and another bound to
// it: the bound one is found by initialization too, through its binding
// (as the MSL's InitSpringConstant: spring.spring.c = spring.c).
model FreeParameterBinding
  parameter Real k(fixed = false, start = 1);
  parameter Real k2 = 2 * k;
  Real x(start = 1, fixed = true);
initial equation
  der(x) = -4;
equation
  der(x) = -k2 * x;
end FreeParameterBinding;
