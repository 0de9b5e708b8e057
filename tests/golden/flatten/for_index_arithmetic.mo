// RUN: mocc flatten %s
// Subscripts and conditions that are Integer arithmetic on iterators are
// computed without lowering them (Flattener::quickInteger, quickCondition);
// the others (a parameter, a Real iterator, a Boolean dimension) take the
// general path. Both must give the same flat model.
model ForIndexArithmetic
  parameter Integer n = 4;
  Real x[n];
  Real y[n, 2];
  Real z[n];
  Real w[2];
  Real b[Boolean];
equation
  for i in 1:n loop
    x[i] = (if i > 1 and not i == n then x[i - 1] else 0) + (if -i + n * 0 < -2 then x[end - 1] else 1);
  end for;
  for i in 1:n, j in 1:2 loop
    y[i, j] = if i < n then y[i + 1, 3 - j] + i * j else j;
  end for;
  for i in 1:n loop
    if i == 1 or i >= n then
      z[i] = 0;
    elseif i <= n - 1 then
      z[i] = z[-(-i) - 1] + 1;
    else
      z[i] = -1;
    end if;
  end for;
  for i in 1:2 loop
    for i in {2, 1} loop
      w[i] = i;
    end for;
  end for;
  for v in {false, true} loop
    b[v] = if v then 1 else 2;
  end for;
end ForIndexArithmetic;

// CHECK:STDOUT: class ForIndexArithmetic
// CHECK:STDOUT:   parameter Integer n = 4;
// CHECK:STDOUT:   Real x[1];
// CHECK:STDOUT:   Real x[2];
// CHECK:STDOUT:   Real x[3];
// CHECK:STDOUT:   Real x[4];
// CHECK:STDOUT:   Real y[1,1];
// CHECK:STDOUT:   Real y[1,2];
// CHECK:STDOUT:   Real y[2,1];
// CHECK:STDOUT:   Real y[2,2];
// CHECK:STDOUT:   Real y[3,1];
// CHECK:STDOUT:   Real y[3,2];
// CHECK:STDOUT:   Real y[4,1];
// CHECK:STDOUT:   Real y[4,2];
// CHECK:STDOUT:   Real z[1];
// CHECK:STDOUT:   Real z[2];
// CHECK:STDOUT:   Real z[3];
// CHECK:STDOUT:   Real z[4];
// CHECK:STDOUT:   Real w[1];
// CHECK:STDOUT:   Real w[2];
// CHECK:STDOUT:   Real b[1];
// CHECK:STDOUT:   Real b[2];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   x[1] = 1;
// CHECK:STDOUT:   x[2] = x[1] + 1;
// CHECK:STDOUT:   x[3] = x[2] + x[3];
// CHECK:STDOUT:   x[4] = x[3];
// CHECK:STDOUT:   y[1,1] = y[2,2] + 1;
// CHECK:STDOUT:   y[1,2] = y[2,1] + 2;
// CHECK:STDOUT:   y[2,1] = y[3,2] + 2;
// CHECK:STDOUT:   y[2,2] = y[3,1] + 4;
// CHECK:STDOUT:   y[3,1] = y[4,2] + 3;
// CHECK:STDOUT:   y[3,2] = y[4,1] + 6;
// CHECK:STDOUT:   y[4,1] = 1;
// CHECK:STDOUT:   y[4,2] = 2;
// CHECK:STDOUT:   z[1] = 0;
// CHECK:STDOUT:   z[2] = z[1] + 1;
// CHECK:STDOUT:   z[3] = z[2] + 1;
// CHECK:STDOUT:   z[4] = 0;
// CHECK:STDOUT:   w[2] = 2;
// CHECK:STDOUT:   w[1] = 1;
// CHECK:STDOUT:   w[2] = 2;
// CHECK:STDOUT:   w[1] = 1;
// CHECK:STDOUT:   b[1] = 2;
// CHECK:STDOUT:   b[2] = 1;
// CHECK:STDOUT: end ForIndexArithmetic;
