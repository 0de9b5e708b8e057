within Modelica.Mechanics.MultiBody.Parts;
model FixedTranslation "Massless rod: frame_b is displaced by a fixed vector from frame_a, with the same orientation"
  import Modelica.Mechanics.MultiBody.Types;
  import Modelica.Units.Conversions.to_unit1;
  Interfaces.Frame_a frame_a "First end of the rod";
  Interfaces.Frame_b frame_b "Second end of the rod";
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  parameter SI.Position r[3](start = {0, 0, 0}) "Position of frame_b relative to frame_a, resolved in frame_a";
  parameter Types.ShapeType shapeType = "cylinder" "Shape (ignored)";
  parameter SI.Position r_shape[3] = {0, 0, 0} "Origin of the shape (ignored)";
  parameter Types.Axis lengthDirection = to_unit1(r - r_shape) "Length direction of the shape (ignored)" annotation(Evaluate = true);
  parameter Types.Axis widthDirection = {0, 1, 0} "Width direction of the shape (ignored)" annotation(Evaluate = true);
  parameter SI.Length length = Modelica.Math.Vectors.length(r - r_shape) "Length of the shape (ignored)";
  parameter SI.Distance width = length / world.defaultWidthFraction "Width of the shape (ignored)";
  parameter SI.Distance height = width "Height of the shape (ignored)";
  parameter Types.ShapeExtra extra = 0.0 "Extra datum of the shape (ignored)";
  input Types.Color color = Modelica.Mechanics.MultiBody.Types.Defaults.RodColor "Color of the shape (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
protected
  outer Modelica.Mechanics.MultiBody.World world;
equation
  Connections.branch(frame_a.R, frame_b.R);
  frame_b.r_0 = frame_a.r_0 + Frames.resolve1(frame_a.R, r);
  frame_b.R = frame_a.R;
  // Massless: the cut forces balance, and so do the moments about frame_a.
  zeros(3) = frame_a.f + frame_b.f;
  zeros(3) = frame_a.t + frame_b.t + cross(r, frame_b.f);
end FixedTranslation;
