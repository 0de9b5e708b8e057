within Modelica.Mechanics.MultiBody.Parts;
model Fixed "Frame at a fixed position in the world frame, with the world orientation"
  import Modelica.Mechanics.MultiBody.Types;
  import Modelica.Units.Conversions.to_unit1;
  Interfaces.Frame_b frame_b "Frame fixed in the world";
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  parameter SI.Position r[3] = {0, 0, 0} "Position of frame_b, resolved in the world frame";
  parameter Types.ShapeType shapeType = "cylinder" "Shape (ignored)";
  parameter SI.Position r_shape[3] = {0, 0, 0} "Origin of the shape (ignored)";
  parameter Types.Axis lengthDirection = to_unit1(r - r_shape) "Length direction of the shape (ignored)";
  parameter Types.Axis widthDirection = {0, 1, 0} "Width direction of the shape (ignored)";
  parameter SI.Length length = Modelica.Math.Vectors.length(r - r_shape) "Length of the shape (ignored)";
  parameter SI.Distance width = length / world.defaultWidthFraction "Width of the shape (ignored)";
  parameter SI.Distance height = width "Height of the shape (ignored)";
  parameter Types.ShapeExtra extra = 0.0 "Extra datum of the shape (ignored)";
  input Types.Color color = Modelica.Mechanics.MultiBody.Types.Defaults.RodColor "Color of the shape (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
protected
  outer Modelica.Mechanics.MultiBody.World world;
equation
  Connections.root(frame_b.R);
  frame_b.r_0 = r;
  frame_b.R = Frames.nullRotation();
end Fixed;
