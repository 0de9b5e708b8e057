within Modelica.Mechanics.MultiBody.Parts;
model FixedRotation "Massless rod with a fixed translation followed by a fixed rotation from frame_a to frame_b"
  import Modelica.Mechanics.MultiBody.Frames;
  import Modelica.Mechanics.MultiBody.Types;
  import Modelica.Units.Conversions.to_unit1;
  Interfaces.Frame_a frame_a "First end of the rod";
  Interfaces.Frame_b frame_b "Second end of the rod";
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  parameter SI.Position r[3] = {0, 0, 0} "Position of frame_b relative to frame_a, resolved in frame_a";
  parameter Modelica.Mechanics.MultiBody.Types.RotationTypes rotationType = Modelica.Mechanics.MultiBody.Types.RotationTypes.RotationAxis "How the rotation is given" annotation(Evaluate = true);
  parameter Modelica.Mechanics.MultiBody.Types.Axis n = {1, 0, 0} "Rotation axis, resolved in frame_a (if rotationType = RotationAxis)" annotation(Evaluate = true);
  parameter Modelica.Units.NonSI.Angle_deg angle = 0 "Rotation angle about n (if rotationType = RotationAxis)";
  parameter Modelica.Mechanics.MultiBody.Types.Axis n_x = {1, 0, 0} "x axis of frame_b, resolved in frame_a (if rotationType = TwoAxesVectors)" annotation(Evaluate = true);
  parameter Modelica.Mechanics.MultiBody.Types.Axis n_y = {0, 1, 0} "y axis of frame_b, resolved in frame_a (if rotationType = TwoAxesVectors)" annotation(Evaluate = true);
  parameter Modelica.Mechanics.MultiBody.Types.RotationSequence sequence(min = {1, 1, 1}, max = {3, 3, 3}) = {1, 2, 3} "Axes of the three rotations (if rotationType = PlanarRotationSequence)" annotation(Evaluate = true);
  parameter Modelica.Units.NonSI.Angle_deg angles[3] = {0, 0, 0} "Angles of the three rotations (if rotationType = PlanarRotationSequence)";
  parameter Modelica.Mechanics.MultiBody.Types.ShapeType shapeType = "cylinder" "Shape (ignored)";
  parameter SI.Position r_shape[3] = {0, 0, 0} "Origin of the shape (ignored)";
  parameter Modelica.Mechanics.MultiBody.Types.Axis lengthDirection = to_unit1(r - r_shape) "Length direction of the shape (ignored)" annotation(Evaluate = true);
  parameter Modelica.Mechanics.MultiBody.Types.Axis widthDirection = {0, 1, 0} "Width direction of the shape (ignored)" annotation(Evaluate = true);
  parameter SI.Length length = Modelica.Math.Vectors.length(r - r_shape) "Length of the shape (ignored)";
  parameter SI.Distance width = length / world.defaultWidthFraction "Width of the shape (ignored)";
  parameter SI.Distance height = width "Height of the shape (ignored)";
  parameter Modelica.Mechanics.MultiBody.Types.ShapeExtra extra = 0.0 "Extra datum of the shape (ignored)";
  input Modelica.Mechanics.MultiBody.Types.Color color = Modelica.Mechanics.MultiBody.Types.Defaults.RodColor "Color of the shape (ignored)";
  input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  final parameter Frames.Orientation R_rel =
    if rotationType == Types.RotationTypes.RotationAxis then
      Frames.planarRotation(Modelica.Math.Vectors.normalizeWithAssert(n), Cv.from_deg(angle), 0)
    elseif rotationType == Types.RotationTypes.TwoAxesVectors then
      Frames.from_nxy(n_x, n_y)
    else
      Frames.axesRotations(sequence, Cv.from_deg(angles), zeros(3))
    "Orientation of frame_b relative to frame_a";
protected
  outer Modelica.Mechanics.MultiBody.World world;
  parameter Frames.Orientation R_rel_inv = Frames.from_T(transpose(R_rel.T), zeros(3)) "Orientation of frame_a relative to frame_b";
equation
  Connections.branch(frame_a.R, frame_b.R);
  frame_b.r_0 = frame_a.r_0 + Frames.resolve1(frame_a.R, r);
  // The orientation is passed on in the direction of the orientation graph;
  // the force and moment balances of the massless rod are written in the
  // frame whose orientation is computed.
  if Connections.rooted(frame_a.R) then
    frame_b.R = Frames.absoluteRotation(frame_a.R, R_rel);
    zeros(3) = frame_a.f + Frames.resolve1(R_rel, frame_b.f);
    zeros(3) = frame_a.t + Frames.resolve1(R_rel, frame_b.t) - cross(r, frame_a.f);
  else
    frame_a.R = Frames.absoluteRotation(frame_b.R, R_rel_inv);
    zeros(3) = frame_b.f + Frames.resolve1(R_rel_inv, frame_a.f);
    zeros(3) = frame_b.t + Frames.resolve1(R_rel_inv, frame_a.t) + cross(Frames.resolve1(R_rel_inv, r), frame_b.f);
  end if;
end FixedRotation;
