within Modelica.Mechanics.MultiBody.Forces;
model SpringDamperParallel "Linear spring and linear damper in parallel along the line between two frames"
  import Modelica.Mechanics.MultiBody.Types;
  parameter Boolean animation = true "= true to animate the element (ignored by mocc)";
  parameter SI.TranslationalSpringConstant c(final min = 0) "Spring constant";
  parameter SI.Length s_unstretched = 0 "Length of the unstretched spring";
  parameter SI.TranslationalDampingConstant d(final min = 0) = 0 "Damping constant";
  parameter SI.Distance length_a = world.defaultForceLength "Length of the damper cylinder at frame_a (ignored)";
  input SI.Diameter diameter_a = world.defaultForceWidth "Diameter of the damper cylinder at frame_a (ignored)";
  input SI.Diameter diameter_b = 0.6 * diameter_a "Diameter of the damper cylinder at frame_b (ignored)";
  input Types.Color color_a = {100, 100, 100} "Color of the damper cylinder at frame_a (ignored)";
  input Types.Color color_b = {155, 155, 155} "Color of the damper cylinder at frame_b (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  input SI.Distance width = world.defaultForceWidth "Width of the spring (ignored)";
  input SI.Distance coilWidth = width / 10 "Width of the spring coil (ignored)";
  parameter Integer numberOfWindings = 5 "Number of windings (ignored)";
  input Types.Color color = Modelica.Mechanics.MultiBody.Types.Defaults.SpringColor "Color of the spring (ignored)";
  extends Interfaces.PartialLineForce;
  extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPort(final T = 293.15);
protected
  SI.Force f_d "Damper part of the force";
equation
  f_d = d * der(s);
  f = c * (s - s_unstretched) + f_d;
  lossPower = f_d * der(s);
end SpringDamperParallel;
