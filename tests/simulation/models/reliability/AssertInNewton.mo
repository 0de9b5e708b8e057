// An assert in a function that the initialization's Newton iteration calls at
// a trial point it overshoots to (x = 19.49 from the start -3): the point is
// rejected and the step shortened, as IDA does with the residual; the solution
// (tan(1)) satisfies it. Where the solution itself fails the assert
// (AssertAtSolution), the assert is the error.
package AssertInNewton
model Converges
  function g "x, valid below 10"
    input Real x;
    output Real y;
  algorithm
    assert(x < 10, "g is not defined at x = " + String(x));
    y := x;
  end g;
  parameter Real c = 1;
  Real x(start = -3);
equation
  atan(g(x)) = c;
end Converges;

model AssertAtSolution
  extends Converges(c = 1.5);
end AssertAtSolution;
end AssertInNewton;
