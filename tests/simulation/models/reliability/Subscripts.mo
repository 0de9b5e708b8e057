within;
package Subscripts "subscripts computed at run time in equations are checked as in functions"
  model OutOfBounds "i reaches 4 at t = 0.3"
    Real x[3] = {1, 2, 3};
    discrete Integer i(start = 1, fixed = true);
    Real y;
  equation
    when sample(0.1, 0.1) then
      i = pre(i) + 1;
    end when;
    y = x[i];
  end OutOfBounds;

  model OutOfBoundsInRow "x[1, 4] of a 3 x 3 array is not x[2, 1]"
    Real x[3, 3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    discrete Integer i(start = 1, fixed = true);
    Real y;
  equation
    when sample(0.1, 0.1) then
      i = pre(i) + 1;
    end when;
    y = x[1, i];
  end OutOfBoundsInRow;

  model InBounds "i stays within 1 .. 3"
    Real x[3] = {1, 2, 3} * time;
    discrete Integer i(start = 1, fixed = true);
    Real y;
  equation
    when sample(0.25, 0.25) then
      i = if pre(i) == 3 then 1 else pre(i) + 1;
    end when;
    y = x[i];
  end InBounds;
end Subscripts;
