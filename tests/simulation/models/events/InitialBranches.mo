model InitialBranches "an if-equation whose initial() branch pairs other unknowns (MSL FluxTubes' Tellinen hysteresis): `0 = if initial() then k - 0.01 else d - 2 * der(x)` determines d only after initialization"
  Real x(start = 1, fixed = true), k, d;
equation
  der(x) = k * d + 1;
  if initial() then
    k = 0.01;
    d = 0;
  else
    d = 2 * der(x);
    k = max(0.01, x / 10);
  end if;
end InitialBranches;
