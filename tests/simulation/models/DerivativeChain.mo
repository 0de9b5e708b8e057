// der(x[k]) = x[k - 1]: each link is an alias of a state with a
// derivative, and alias elimination makes x[k - 1] the derivative of x[k]
// and every derivative of x[k - 1] one order higher, down the chain (as in
// Blocks.Continuous.PadeDelay). The same system with scaled states, which
// has no alias, gives the reference.
package DerivativeChain
  model Chain
    Real x[4](each start = 0, each fixed = true);
    Real z[4](each start = 0, each fixed = true) "z[k] = 2^k x[k]: no aliases";
  equation
    der(x[1]) = -(x[1] + 2 * x[2] + 2 * x[3] + x[4]) + sin(3 * time);
    for k in 2:4 loop
      der(x[k]) = x[k - 1];
      der(z[k]) = 2 * z[k - 1];
    end for;
    der(z[1]) = -(z[1] + z[2] + z[3] / 2 + z[4] / 8) + 2 * sin(3 * time);
    annotation(experiment(StopTime = 4, Interval = 0.05, Tolerance = 1e-8));
  end Chain;
end DerivativeChain;
