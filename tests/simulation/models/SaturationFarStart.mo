// A saturation inverted by Newton's method from a start value far from the
// solution (u = 0, solution near -1000): KINSOL's default longest step from
// u0 = 0 is one scaled unit, which made this "diverge" after five steps.
// Blocks.Examples.PID_Controller initializes its limiter this way.
model SaturationFarStart
  parameter Real uMax = 2000;
  Real u(start = 0);
  Real y;
equation
  y = smooth(0, if u > uMax then uMax else if u < -uMax then -uMax else u);
  y = -1000 + time;
end SaturationFarStart;
