model HomotopyInit "initialization by homotopy (MLS 3.7.4.4): from x = 0, Newton on the actual equation stays at its root x = 0; the simplified one has the root 100, and the continuation keeps it (ModelicaTest.Blocks.LimitersHomotopy's MustUseHomotopy)"
  Real x(start = 0);
  Real y(start = 1, fixed = true);
equation
  0 = homotopy(actual = sin(x) * (x - 100), simplified = x - 100);
  der(y) = -y + homotopy(x / 100, 2);
end HomotopyInit;
