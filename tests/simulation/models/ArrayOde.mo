model ArrayOde "arrays, for-equations, matrix products and a parameter-dependent size"
  parameter Integer n = 4;
  parameter Real rates[n] = {i for i in 1:n};
  parameter Real A[2, 2] = [0, -1; 1, 0];
  Real x[n](each start = 1, each fixed = true);
  Real z[2](start = {1, 0}, each fixed = true);
  Real total = sum(x);
equation
  for i in 1:n loop
    der(x[i]) = -rates[i] * x[i];
  end for;
  der(z) = A * z;
  annotation(experiment(StopTime = 2));
end ArrayOde;
