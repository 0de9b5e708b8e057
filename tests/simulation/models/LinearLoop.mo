model LinearLoop "an index-1 DAE whose algebraic part is a linear system of two equations"
  Real x(start = 1, fixed = true);
  Real a, b;
equation
  a + b = x;
  a - b = 0.2 * x;
  der(x) = -a;
end LinearLoop;
