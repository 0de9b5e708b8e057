within Modelica.Mechanics.MultiBody.Parts;
model BodyCylinder "Rigid body shaped as a cylinder (optionally a pipe); mass and inertia follow from the dimensions and the density (12 potential states)"
  import Modelica.Units.NonSI;
  import Modelica.Mechanics.MultiBody.Types;
  import Modelica.Math.Vectors.normalizeWithAssert;
  import Modelica.Units.Conversions.to_unit1;
  import Modelica.Constants.pi;
  Interfaces.Frame_a frame_a "First frame of the body";
  Interfaces.Frame_b frame_b "Second frame of the body";
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  parameter SI.Position r[3](start = {0.1, 0, 0}) "Position of frame_b relative to frame_a, resolved in frame_a";
  parameter SI.Position r_shape[3] = {0, 0, 0} "Position of the cylinder origin (center of its frame_a end face) relative to frame_a, resolved in frame_a";
  parameter Modelica.Mechanics.MultiBody.Types.Axis lengthDirection = to_unit1(r - r_shape) "Axis of the cylinder, resolved in frame_a" annotation(Evaluate = true);
  parameter SI.Length length = Modelica.Math.Vectors.length(r - r_shape) "Length of the cylinder";
  parameter SI.Distance diameter = length / world.defaultWidthFraction "Outer diameter";
  parameter SI.Distance innerDiameter = 0 "Inner diameter (0 <= innerDiameter <= diameter)";
  parameter SI.Density density = 7700 "Density of the material (steel: 7700 .. 7900, wood: 400 .. 800)";
  input Modelica.Mechanics.MultiBody.Types.Color color = Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of the cylinder (ignored)";
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
  final parameter SI.Distance radius = diameter / 2 "Outer radius";
  final parameter SI.Distance innerRadius = innerDiameter / 2 "Inner radius";
  final parameter SI.Mass mo(min = 0) = density * pi * length * radius * radius "Mass of the full cylinder";
  final parameter SI.Mass mi(min = 0) = density * pi * length * innerRadius * innerRadius "Mass of the hole";
  // Solid cylinder of radius a and length l about its center: m*a^2/2 about
  // its axis, m*(l^2 + 3*a^2)/12 about a transverse axis; the hole is subtracted.
  final parameter SI.Inertia I22 = (mo * (length^2 + 3 * radius^2) - mi * (length^2 + 3 * innerRadius^2)) / 12 "Inertia about a transverse axis through the center of mass";
  final parameter SI.Mass m(min = 0) = mo - mi "Mass of the cylinder";
  final parameter Frames.Orientation R = Frames.from_nxy(r, {0, 1, 0}) "Orientation of the cylinder axes relative to frame_a";
  final parameter SI.Position r_CM[3] = r_shape + normalizeWithAssert(lengthDirection) * length / 2 "Position of the center of mass relative to frame_a, resolved in frame_a";
  final parameter SI.Inertia I[3, 3] = Frames.resolveDyade1(R, diagonal({(mo * radius^2 - mi * innerRadius^2) / 2, I22, I22})) "Inertia tensor about the center of mass, resolved in frame_a";
  Body body(
    r_CM = r_CM,
    m = m,
    I_11 = I[1, 1],
    I_22 = I[2, 2],
    I_33 = I[3, 3],
    I_21 = I[2, 1],
    I_31 = I[3, 1],
    I_32 = I[3, 2],
    animation = false,
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
    shapeType = "pipecylinder",
    r_shape = r_shape,
    lengthDirection = lengthDirection,
    length = length,
    width = diameter,
    height = diameter,
    extra = innerDiameter / diameter,
    color = color,
    specularCoefficient = specularCoefficient,
    widthDirection = {0, 1, 0}) "Rod from frame_a to frame_b";
protected
  outer Modelica.Mechanics.MultiBody.World world;
equation
  r_0 = frame_a.r_0;
  v_0 = der(r_0);
  a_0 = der(v_0);
  assert(innerDiameter < diameter, "BodyCylinder: innerDiameter must be smaller than diameter");
  connect(frameTranslation.frame_a, frame_a);
  connect(frameTranslation.frame_b, frame_b);
  connect(frame_a, body.frame_a);
end BodyCylinder;
