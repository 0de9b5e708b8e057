model CascadeChain "a cascade of first-order lags, the first fed by a step, written as in the ScalableTestSuite: a for-equation over 2:N and its first row apart; a second cascade runs backwards through the array; v reads two derivatives of the first (an array equation whose der() another equation reads)"
  parameter Integer N = 12;
  parameter Real T = 1 "delay of the whole cascade";
  final parameter Real tau = T / N;
  Real x[N](each start = 0, each fixed = true);
  Real y[N](each start = 0, each fixed = true);
  Real u = if time > 0.1 then 1 else 0;
  Real v;
equation
  tau * der(x[1]) = u - x[1];
  for i in 2:N loop
    tau * der(x[i]) = x[i - 1] - x[i];
  end for;
  v = der(x[N]) - 2 * der(x[2]);
  for i in 1:N loop
    der(y[N - i + 1]) = (if i == 1 then x[N] else y[N - i + 2]) / tau - y[N - i + 1] / tau;
  end for;
  annotation(experiment(StopTime = 2));
end CascadeChain;
