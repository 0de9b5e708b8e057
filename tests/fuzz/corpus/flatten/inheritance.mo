package Lib
  partial model Base
    replaceable parameter Real a = 1;
    Real x;
  end Base;
  model Derived
    extends Base(a = 2);
    outer Real g;
  equation
    der(x) = -a*x + g;
  end Derived;
  model World
    inner Real g = 9.81;
    replaceable model M = Derived constrainedby Base;
    M m[2](each x(start = 1));
    Derived d if false;
  end World;
end Lib;
model Top
  extends Lib.World(redeclare model M = Lib.Derived, m(each a = 3));
  Real z = sum(m.x) + Modelica.Constants.pi;
end Top;
