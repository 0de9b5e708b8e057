// RUN: mocc flatten %s
model Extends "inheritance, modifiers of extends and components, and a short class"
  type Length = Real(unit = "m", nominal = 1);
  model Part
    parameter Real k = 1;
    Length s(start = 0, fixed = true);
  equation
    der(s) = k;
  end Part;
  model Pair
    Part left;
    Part right(k = 2);
  end Pair;
  extends Pair(left(k = 3), right(s(start = 1)));
end Extends;
