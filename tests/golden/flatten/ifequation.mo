// RUN: mocc flatten %s
model IfEquation "if-equations: a parameter condition picks a branch; a varying one gives if-expressions"
  parameter Boolean linear = false;
  Real x(start = 1, fixed = true);
  Real y;
equation
  if linear then
    der(x) = -x;
  else
    der(x) = -x^3;
  end if;
  if time > 0.5 then
    y = x;
  elseif time > 0.2 then
    y = 2 * x;
  else
    y = 0;
  end if;
end IfEquation;

// CHECK:STDOUT: class IfEquation
// CHECK:STDOUT:   parameter Boolean linear = false;
// CHECK:STDOUT:   Real x(start = 1, fixed = true);
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(x) = -x^3;
// CHECK:STDOUT:   0 = if time > 0.5 then y - x else if time > 0.2 then y - 2 * x else y;
// CHECK:STDOUT: end IfEquation;
