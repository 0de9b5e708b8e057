within Modelica.Mechanics.MultiBody.Parts;
model BodyShape "Rigid body with frame_a and frame_b: a Body at frame_a and a fixed translation to frame_b (12 potential states)"
  import Modelica.Mechanics.MultiBody.Types;
  import Modelica.Units.Conversions.to_unit1;
  Interfaces.Frame_a frame_a "First frame of the body";
  Interfaces.Frame_b frame_b "Second frame of the body";
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  parameter Boolean animateSphere = true "= true to show the center of mass as a sphere (ignored)";
  parameter SI.Position r[3](start = {0, 0, 0}) "Position of frame_b relative to frame_a, resolved in frame_a";
  parameter SI.Position r_CM[3](start = {0, 0, 0}) "Position of the center of mass relative to frame_a, resolved in frame_a";
  parameter SI.Mass m(min = 0, start = 1) "Mass";
  parameter SI.Inertia I_11(min = 0) = 0.001 "Inertia tensor element (1,1), about the center of mass, axes parallel to frame_a";
  parameter SI.Inertia I_22(min = 0) = 0.001 "Inertia tensor element (2,2)";
  parameter SI.Inertia I_33(min = 0) = 0.001 "Inertia tensor element (3,3)";
  parameter SI.Inertia I_21(min = -C.inf) = 0 "Inertia tensor element (2,1)";
  parameter SI.Inertia I_31(min = -C.inf) = 0 "Inertia tensor element (3,1)";
  parameter SI.Inertia I_32(min = -C.inf) = 0 "Inertia tensor element (3,2)";
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
  parameter Types.ShapeType shapeType = "cylinder" "Shape (ignored)";
  parameter SI.Position r_shape[3] = {0, 0, 0} "Origin of the shape (ignored)";
  parameter Types.Axis lengthDirection = to_unit1(r - r_shape) "Length direction of the shape (ignored)" annotation(Evaluate = true);
  parameter Types.Axis widthDirection = {0, 1, 0} "Width direction of the shape (ignored)" annotation(Evaluate = true);
  parameter SI.Length length = Modelica.Math.Vectors.length(r - r_shape) "Length of the shape (ignored)";
  parameter SI.Distance width = length / world.defaultWidthFraction "Width of the shape (ignored)";
  parameter SI.Distance height = width "Height of the shape (ignored)";
  parameter Types.ShapeExtra extra = 0.0 "Extra datum of the shape (ignored)";
  input Types.Color color = Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of the shape (ignored)";
  parameter SI.Diameter sphereDiameter = 2 * width "Diameter of the sphere (ignored)";
  input Types.Color sphereColor = color "Color of the sphere (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  parameter Boolean enforceStates = false "= true to force the absolute variables of the body to be states" annotation(Evaluate = true);
  parameter Boolean useQuaternions = true "= true for quaternions as potential orientation states, false for three angles" annotation(Evaluate = true);
  parameter Types.RotationSequence sequence_angleStates = {1, 2, 3} "Axes of the rotations of the three angle states (if not useQuaternions)" annotation(Evaluate = true);
  FixedTranslation frameTranslation(r = r, animation = false) "Rod from frame_a to frame_b";
  Body body(
    r_CM = r_CM,
    m = m,
    I_11 = I_11,
    I_22 = I_22,
    I_33 = I_33,
    I_21 = I_21,
    I_31 = I_31,
    I_32 = I_32,
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
protected
  outer Modelica.Mechanics.MultiBody.World world;
equation
  r_0 = frame_a.r_0;
  v_0 = der(r_0);
  a_0 = der(v_0);
  connect(frame_a, frameTranslation.frame_a);
  connect(frame_b, frameTranslation.frame_b);
  connect(frame_a, body.frame_a);
end BodyShape;
