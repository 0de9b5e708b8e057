within Modelica.Mechanics.MultiBody.Sensors;
model Distance "Distance between the origins of frame_a and frame_b"
  import Modelica.Mechanics.MultiBody.Frames;
  import Modelica.Mechanics.MultiBody.Types;
  extends Interfaces.PartialTwoFrames;
  extends Modelica.Icons.RectangularSensor;
  Modelica.Blocks.Interfaces.RealOutput distance "Distance between the origins of frame_a and frame_b (>= 0)";
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  input Types.Color arrowColor = Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor "Color of the arrow (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  input SI.Position s_small(min = sqrt(Modelica.Constants.small)) = 1e-10 "Below this distance the square root is replaced by a polynomial";
protected
  SI.Position r_rel_0[3] = frame_b.r_0 - frame_a.r_0 "Position of frame_b relative to frame_a, resolved in the world frame";
  SI.Area L2 = r_rel_0 * r_rel_0 "Square of the distance";
  SI.Area s_small2 = s_small^2 "Square of s_small";
equation
  frame_a.f = zeros(3);
  frame_b.f = zeros(3);
  frame_a.t = zeros(3);
  frame_b.t = zeros(3);
  // sqrt(L2) has an infinite derivative at L2 = 0. Below s_small it is
  // replaced by the quadratic polynomial in L2 through the origin that has the
  // value s_small and the derivative 1/(2*s_small) at L2 = s_small^2:
  //   p(L2) = L2/(2*s_small)*(3 - L2/s_small^2),
  // so the distance is continuously differentiable everywhere.
  distance = smooth(1, if noEvent(L2 > s_small2) then sqrt(L2) else L2 / (2 * s_small) * (3 - L2 / s_small2));
end Distance;
