within Modelica.Blocks;
package Continuous "Continuous-time blocks (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.Package;
  import Modelica.Blocks.Types.Init;

  block Der "Time derivative of the input (exact, by differentiation)"
    extends Interfaces.SISO;
  equation
    y = der(u);
  end Der;

  block FirstOrder "First-order lag k/(T*s + 1)"
    parameter Real k = 1 "Static gain";
    parameter SI.Time T(start = 1) "Time constant";
    parameter Init initType = Init.NoInit "How the block is initialized" annotation(Evaluate = true);
    parameter Real y_start = 0 "Start value of the output (the state)";
    extends Interfaces.SISO(y(start = y_start));
  initial equation
    if initType == Init.SteadyState then
      der(y) = 0;
    elseif initType == Init.InitialState or initType == Init.InitialOutput then
      y = y_start;
    end if;
  equation
    T * der(y) + y = k * u;
  end FirstOrder;
end Continuous;
