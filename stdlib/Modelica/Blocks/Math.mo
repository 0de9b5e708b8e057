within Modelica.Blocks;
package Math "Mathematical blocks (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.Package;

  block Gain "Input times a gain"
    parameter Real k(start = 1) "Gain";
    Interfaces.RealInput u "Input signal";
    Interfaces.RealOutput y "k*u";
  equation
    y = k * u;
  end Gain;

  block Sum "Weighted sum of the elements of the input vector"
    extends Interfaces.MISO;
    parameter Real k[nin] = ones(nin) "Weights";
  equation
    y = k * u;
  end Sum;

  block Feedback "Difference of a command and a feedback signal"
    Interfaces.RealInput u1 "Command";
    Interfaces.RealInput u2 "Feedback";
    Interfaces.RealOutput y "u1 - u2";
  equation
    y = u1 - u2;
  end Feedback;

  block Add "Weighted sum of two inputs"
    extends Interfaces.SI2SO;
    parameter Real k1 = +1 "Weight of u1";
    parameter Real k2 = +1 "Weight of u2";
  equation
    y = k1 * u1 + k2 * u2;
  end Add;

  block Add3 "Weighted sum of three inputs"
    extends Modelica.Blocks.Icons.Block;
    parameter Real k1 = +1 "Weight of u1";
    parameter Real k2 = +1 "Weight of u2";
    parameter Real k3 = +1 "Weight of u3";
    Interfaces.RealInput u1 "First input";
    Interfaces.RealInput u2 "Second input";
    Interfaces.RealInput u3 "Third input";
    Interfaces.RealOutput y "Weighted sum";
  equation
    y = k1 * u1 + k2 * u2 + k3 * u3;
  end Add3;

  block Product "Product of two inputs"
    extends Interfaces.SI2SO;
  equation
    y = u1 * u2;
  end Product;
end Math;
