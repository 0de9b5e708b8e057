model Extended "inheritance with modifiers, nested components and an if-equation on a parameter"
  model FirstOrder
    parameter Real T = 1;
    parameter Real k = 1;
    input Real u;
    Real y(start = 0, fixed = true);
  equation
    T * der(y) = k * u - y;
  end FirstOrder;
  model Base
    parameter Boolean useGain = true;
    FirstOrder f(T = 0.5);
  end Base;
  extends Base(f(k = 2));
  Real u2;
equation
  if useGain then
    f.u = 1;
  else
    f.u = 0;
  end if;
  u2 = f.y^2;
end Extended;
