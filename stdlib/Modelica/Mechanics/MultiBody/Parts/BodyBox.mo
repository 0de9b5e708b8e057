within Modelica.Mechanics.MultiBody.Parts;
model BodyBox "Rigid body shaped as a box (optionally with a box-shaped hole); mass and inertia follow from the dimensions and the density (12 potential states)"
  import Modelica.Mechanics.MultiBody.Types;
  import Modelica.Math.Vectors.normalizeWithAssert;
  import Modelica.Units.Conversions.to_unit1;
  Interfaces.Frame_a frame_a "First frame of the body";
  Interfaces.Frame_b frame_b "Second frame of the body";
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  parameter SI.Position r[3](start = {0.1, 0, 0}) "Position of frame_b relative to frame_a, resolved in frame_a";
  parameter SI.Position r_shape[3] = {0, 0, 0} "Position of the box origin (center of its frame_a end face) relative to frame_a, resolved in frame_a";
  parameter Modelica.Mechanics.MultiBody.Types.Axis lengthDirection = to_unit1(r - r_shape) "Length direction of the box, resolved in frame_a" annotation(Evaluate = true);
  parameter Modelica.Mechanics.MultiBody.Types.Axis widthDirection = {0, 1, 0} "Width direction of the box, resolved in frame_a" annotation(Evaluate = true);
  parameter SI.Length length = Modelica.Math.Vectors.length(r - r_shape) "Length of the box";
  parameter SI.Distance width = length / world.defaultWidthFraction "Width of the box";
  parameter SI.Distance height = width "Height of the box";
  parameter SI.Distance innerWidth = 0 "Width of the hole (0 <= innerWidth <= width)";
  parameter SI.Distance innerHeight = innerWidth "Height of the hole (0 <= innerHeight <= height)";
  parameter SI.Density density = 7700 "Density of the material (steel: 7700 .. 7900, wood: 400 .. 800)";
  input Modelica.Mechanics.MultiBody.Types.Color color = Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of the box (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  SI.Position r_0[3](start = {0, 0, 0}, each stateSelect = if enforceStates then StateSelect.always else StateSelect.avoid) "Position of frame_a, resolved in the world frame";
  SI.Velocity v_0[3](start = {0, 0, 0}, each stateSelect = if enforceStates then StateSelect.always else StateSelect.avoid) "Velocity of frame_a, resolved in the world frame (= der(r_0))";
  SI.Acceleration a_0[3](start = {0, 0, 0}) "Acceleration of frame_a, resolved in the world frame (= der(v_0))";
  parameter Boolean angles_fixed = false "= true if angles_start are initial values, else guesses" annotation(Evaluate = true);
  parameter SI.Angle angles_start[3] = {0, 0, 0} "Initial angles of the rotations about sequence_start that turn the world frame into frame_a";
  parameter Types.RotationSequence sequence_start = {1, 2, 3} "Axes of the rotations given by angles_start" annotation(Evaluate = true);
  parameter Boolean w_0_fixed = false "= true if w_0_start are initial values, else guesses" annotation(Evaluate = true);
  parameter SI.AngularVelocity w_0_start[3] = {0, 0, 0} "Initial angular velocity of frame_a, resolved in the world frame";
  parameter Boolean z_0_fixed = false "= true if z_0_start are initial values, else guesses" annotation(Evaluate = true);
  parameter SI.AngularAcceleration z_0_start[3] = {0, 0, 0} "Initial angular acceleration of frame_a, resolved in the world frame";
  parameter Boolean enforceStates = false "= true to force the absolute variables of the body to be states" annotation(Evaluate = true);
  parameter Boolean useQuaternions = true "= true for quaternions as potential orientation states, false for three angles" annotation(Evaluate = true);
  parameter Types.RotationSequence sequence_angleStates = {1, 2, 3} "Axes of the rotations of the three angle states (if not useQuaternions)" annotation(Evaluate = true);
  final parameter SI.Mass mo(min = 0) = density * length * width * height "Mass of the box without hole";
  final parameter SI.Mass mi(min = 0) = density * length * innerWidth * innerHeight "Mass of the hole";
  final parameter SI.Mass m(min = 0) = mo - mi "Mass of the box";
  final parameter Frames.Orientation R = Frames.from_nxy(r, widthDirection) "Orientation of the box axes (r, widthDirection) relative to frame_a";
  final parameter SI.Position r_CM[3] = r_shape + normalizeWithAssert(lengthDirection) * length / 2 "Position of the center of mass relative to frame_a, resolved in frame_a";
  // Cuboid of sides a, b, c about its center: m*(b^2 + c^2)/12 etc.; the hole
  // is subtracted. The principal axes are length, width and height.
  final parameter SI.Inertia I[3, 3] = Frames.resolveDyade1(R, diagonal({
      mo * (width^2 + height^2) - mi * (innerWidth^2 + innerHeight^2),
      mo * (length^2 + height^2) - mi * (length^2 + innerHeight^2),
      mo * (length^2 + width^2) - mi * (length^2 + innerWidth^2)} / 12))
    "Inertia tensor about the center of mass, resolved in frame_a";
  Body body(
    animation = false,
    r_CM = r_CM,
    m = m,
    I_11 = I[1, 1],
    I_22 = I[2, 2],
    I_33 = I[3, 3],
    I_21 = I[2, 1],
    I_31 = I[3, 1],
    I_32 = I[3, 2],
    sequence_start = sequence_start,
    angles_fixed = angles_fixed,
    angles_start = angles_start,
    w_0_fixed = w_0_fixed,
    w_0_start = w_0_start,
    z_0_fixed = z_0_fixed,
    z_0_start = z_0_start,
    useQuaternions = useQuaternions,
    sequence_angleStates = sequence_angleStates,
    enforceStates = false) "Mass properties, attached at frame_a";
  FixedTranslation frameTranslation(
    r = r,
    animation = animation,
    shapeType = "box",
    r_shape = r_shape,
    lengthDirection = lengthDirection,
    widthDirection = widthDirection,
    length = length,
    width = width,
    height = height,
    color = color,
    specularCoefficient = specularCoefficient) "Rod from frame_a to frame_b";
protected
  outer Modelica.Mechanics.MultiBody.World world;
equation
  r_0 = frame_a.r_0;
  v_0 = der(r_0);
  a_0 = der(v_0);
  assert(innerWidth <= width, "BodyBox: innerWidth must not exceed width");
  assert(innerHeight <= height, "BodyBox: innerHeight must not exceed height");
  connect(frameTranslation.frame_a, frame_a);
  connect(frameTranslation.frame_b, frame_b);
  connect(frame_a, body.frame_a);
end BodyBox;
