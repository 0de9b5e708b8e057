// RUN: mocc flatten %s
// The branches of an if-equation assign the same discrete variables in
// different orders: the equations pair by the variable they assign, not by
// their position, so each is solved for its variable (`n = 1` with
// `b = false` made `0 = if .. then n - 1 else b - false`, an equation of two
// discrete variables that no Newton step solves for either: the MSL's
// clocked TickBasedSources). Branches whose i-th equations assign the same
// variable pair as before (u, w), and so do Real variables for now: pairing
// them anew changed the solution path of FluxTubes' Tellinen hysteresis,
// whose event iteration then chattered.
model IfEquationBranchOrder
  Integer n;
  Boolean b;
  Real u;
  Real w;
equation
  if time < 0.5 then
    n = 1;
    b = n > 0;
  elseif time < 0.8 then
    b = time > 0.7;
    n = if b then 2 else 3;
  else
    b = false;
    n = 4;
  end if;
  if time < 0.3 then
    u = 1;
    w = 2 * u;
  else
    u = time;
    w = u;
  end if;
end IfEquationBranchOrder;

// CHECK:STDOUT: class IfEquationBranchOrder
// CHECK:STDOUT:   Integer n;
// CHECK:STDOUT:   Boolean b;
// CHECK:STDOUT:   Real u;
// CHECK:STDOUT:   Real w;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   b = if time < 0.5 then n > 0 else if time < 0.8 then time > 0.7 else 0;
// CHECK:STDOUT:   n = if time < 0.5 then 1 else if time < 0.8 then if b then 2 else 3 else 4;
// CHECK:STDOUT:   0 = if time < 0.3 then u - 1 else u - time;
// CHECK:STDOUT:   0 = if time < 0.3 then w - 2 * u else w - u;
// CHECK:STDOUT: end IfEquationBranchOrder;
