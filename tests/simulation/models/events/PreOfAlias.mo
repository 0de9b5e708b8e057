// a and b are aliases of x, eliminated from the solved system. b is only a
// result: the residual kernel leaves it to the kernel of aliases, run
// before each row. a is kept in the residual kernel because pre(a) copies
// it. The event is between two output points.
model PreOfAlias
  Real x(start = 0, fixed = true);
  Real a;
  Real b;
  discrete Real m(start = 0, fixed = true);
equation
  der(x) = 1;
  a = x;
  b = -x;
  when x > 0.5501 then
    m = 100 * pre(a);
  end when;
end PreOfAlias;
