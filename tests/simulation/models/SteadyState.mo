model SteadyState "initial equations that put a first-order system at rest"
  parameter Real u = 3;
  parameter Real tau = 0.5;
  Real x "starts wherever the initial equation puts it";
  Real y;
equation
  tau * der(x) = u - x;
  y = 2 * x + 1;
initial equation
  der(x) = 0;
end SteadyState;
