model Arrays
  parameter Integer n = 4;
  parameter Real a[n] = linspace(0, 1, n);
  parameter Real m[n, n] = identity(n) + outerProduct(a, a);
  Real x[n](each start = 0);
  Real s = sum(x) + a * x + max(x) + min(a);
  Real t[n - 1] = x[2:end] - x[1:end - 1];
  Real r[3] = cross({x[1], x[2], 0}, {0, 0, 1});
equation
  der(x) = -m * x + fill(1, n) + {if i == 1 then 1 else 0 for i in 1:n};
end Arrays;
