// The second derivative of u = h0(time) through derivative annotations
// (MLS 12.7.1): h0's derivative is h1(x, der_x), whose annotation
// derivative(order = 2) = h2 gives d/dt h1 as h2(x, der_x, der2_x) (the
// form of the MLS's example and of the MSL's tables). h2 is deliberately
// three times the true second derivative, so that the results tell it was
// called with those arguments.
function h0
  input Real x;
  output Real y;
algorithm
  y := x^3;
  annotation(derivative = h1);
end h0;

function h1
  input Real x;
  input Real der_x;
  output Real der_y;
algorithm
  der_y := 3 * x^2 * der_x;
  annotation(derivative(order = 2) = h2);
end h1;

function h2
  input Real x;
  input Real der_x;
  input Real der2_x;
  output Real der2_y;
algorithm
  der2_y := 3 * (6 * x * der_x^2 + 3 * x^2 * der2_x);
end h2;

model SecondDerivativeAnnotation
  Real u "algebraic, through h0";
  Real v "its derivative";
  Real w "its second derivative";
equation
  u = h0(2 * time);
  v = der(u);
  w = der(v);
  annotation(experiment(StopTime = 1));
end SecondDerivativeAnnotation;
