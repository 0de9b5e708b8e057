// y = der(u) of an algebraic u given through a function call: index
// reduction differentiates u = f(time) through f's derivative annotation
// (MLS 12.7.1). The derivative function here is deliberately twice the
// true derivative, so that the results tell which one was used; g has
// none, and its algorithm is differentiated.
function f
  input Real x;
  input Real k "a parameter: noDerivative";
  output Real y;
algorithm
  y := k * sin(x);
  annotation(derivative(noDerivative = k) = fDoubled);
end f;

function fDoubled
  input Real x;
  input Real k;
  input Real dx;
  output Real dy;
algorithm
  dy := 2 * k * cos(x) * dx;
end fDoubled;

function g
  input Real x;
  output Real y;
algorithm
  y := x^3;
end g;

model DerivativeAnnotation
  parameter Real k = 3;
  Real u "algebraic, through f";
  Real v "its derivative";
  Real w "algebraic, through g";
  Real z "its derivative";
equation
  u = f(2 * time, k);
  v = der(u);
  w = g(time);
  z = der(w);
  annotation(experiment(StopTime = 1));
end DerivativeAnnotation;
