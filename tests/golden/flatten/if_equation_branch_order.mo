// RUN: mocc flatten %s
// The branches of an if-equation assign the same variables in different
// orders: the equations pair by the variable they assign, not by their
// position, so each is solved for its variable (`x = time` with `y = 1`
// made `0 = if .. then x - time else y - 1`, an equation of two variables that
// neither branch solves for one of them: the MSL's clocked TickBasedSources).
// Branches whose i-th equations assign the same variable pair as before.
model IfEquationBranchOrder
  Real x;
  Real y;
  Real u;
  Real w;
equation
  if time < 0.5 then
    x = time;
    y = 2 * x;
  elseif time < 0.8 then
    y = 3;
    x = y + time;
  else
    y = 1;
    x = y / 2 + time;
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
// CHECK:STDOUT:   Real x;
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT:   Real u;
// CHECK:STDOUT:   Real w;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   y = if time < 0.5 then 2 * x else if time < 0.8 then 3 else 1;
// CHECK:STDOUT:   x = if time < 0.5 then time else if time < 0.8 then y + time else y / 2 + time;
// CHECK:STDOUT:   0 = if time < 0.3 then u - 1 else u - time;
// CHECK:STDOUT:   0 = if time < 0.3 then w - 2 * u else w - u;
// CHECK:STDOUT: end IfEquationBranchOrder;
