within Modelica.Mechanics.MultiBody.Forces;
model Damper "Linear damper along the line between two frames"
  import Modelica.Mechanics.MultiBody.Types;
  parameter Boolean animation = true "= true to animate the damper (ignored by mocc)";
  parameter SI.TranslationalDampingConstant d(final min = 0, start = 0) "Damping constant";
  parameter SI.Distance length_a = world.defaultForceLength "Length of the cylinder at frame_a (ignored)";
  input SI.Diameter diameter_a = world.defaultForceWidth "Diameter of the cylinder at frame_a (ignored)";
  input SI.Diameter diameter_b = 0.6 * diameter_a "Diameter of the cylinder at frame_b (ignored)";
  input Types.Color color_a = {100, 100, 100} "Color at frame_a (ignored)";
  input Types.Color color_b = {155, 155, 155} "Color at frame_b (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  extends Interfaces.PartialLineForce;
  extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPort(final T = 293.15);
equation
  f = d * der(s);
  lossPower = f * der(s);
end Damper;
