within Modelica.Mechanics.MultiBody;
model World "Inertial frame, gravity field and defaults of a multibody system; declare it as `inner world`"
  import Modelica.Mechanics.MultiBody.Types.GravityTypes;
  import Modelica.Mechanics.MultiBody.Types;

  Interfaces.Frame_b frame_b "The world frame (origin and orientation of the inertial system)";

  // Animation is not performed by mocc: the animation parameters are accepted
  // so that models written for the MSL keep working, and have no effect.
  parameter Boolean enableAnimation = true "= true to enable the animation of all components";
  parameter Boolean animateWorld = true "= true to show the world axes";
  parameter Boolean animateGravity = true "= true to show the gravity field";
  parameter Boolean animateGround = false "= true to show the ground plane";
  parameter Types.AxisLabel label1 = "x" "Label of the horizontal axis in the icon";
  parameter Types.AxisLabel label2 = "y" "Label of the vertical axis in the icon";
  parameter Types.GravityTypes gravityType = GravityTypes.UniformGravity "Kind of gravity field" annotation(Evaluate = true);
  parameter SI.Acceleration g = Modelica.Constants.g_n "Magnitude of a uniform gravity field";
  parameter Types.Axis n = {0, -1, 0} "Direction of a uniform gravity field, resolved in the world frame (gravity = g*n/length(n))" annotation(Evaluate = true);
  parameter Real mu(unit = "m3/s2", min = 0) = 3.986004418e14 "Field constant of a point gravity field (the earth's by default)";
  parameter Boolean driveTrainMechanics3D = true "= true to take three-dimensional effects of 1-dim. drive trains into account";

  parameter SI.Distance axisLength = nominalLength / 2 "Length of the world axes";
  parameter SI.Distance axisDiameter = axisLength / defaultFrameDiameterFraction "Diameter of the world axes";
  parameter Boolean axisShowLabels = true "= true to show axis labels";
  input Types.Color axisColor_x = Types.Defaults.FrameColor "Color of the x axis";
  input Types.Color axisColor_y = axisColor_x "Color of the y axis";
  input Types.Color axisColor_z = axisColor_x "Color of the z axis";
  parameter SI.Position gravityArrowTail[3] = {0, 0, 0} "Tail of the gravity arrow, resolved in the world frame";
  parameter SI.Length gravityArrowLength = axisLength / 2 "Length of the gravity arrow";
  parameter SI.Diameter gravityArrowDiameter = gravityArrowLength / defaultWidthFraction "Diameter of the gravity arrow";
  input Types.Color gravityArrowColor = {0, 230, 0} "Color of the gravity arrow";
  parameter SI.Diameter gravitySphereDiameter = 12742000 "Diameter of the sphere at the center of a point gravity field";
  input Types.Color gravitySphereColor = {0, 230, 0} "Color of the gravity sphere";
  parameter Types.Axis groundAxis_u = if abs(n[1]) >= 0.99 then {0, 1, 0} else {1, 0, 0} "First axis of the ground plane, resolved in the world frame";
  parameter SI.Length groundLength_u = 2 "Length of the ground plane along groundAxis_u";
  parameter SI.Length groundLength_v = groundLength_u "Length of the ground plane across groundAxis_u";
  input Types.Color groundColor = {200, 200, 200} "Color of the ground plane";

  parameter SI.Length nominalLength = 1 "Typical size of the multibody system";
  parameter SI.Length defaultAxisLength = nominalLength / 5 "Default length of frame axes";
  parameter SI.Length defaultJointLength = nominalLength / 10 "Default length of joint shapes";
  parameter SI.Length defaultJointWidth = nominalLength / 20 "Default width of joint shapes";
  parameter SI.Length defaultForceLength = nominalLength / 10 "Default length of force shapes";
  parameter SI.Length defaultForceWidth = nominalLength / 20 "Default width of force shapes";
  parameter SI.Length defaultBodyDiameter = nominalLength / 9 "Default diameter of the sphere at a center of mass";
  parameter Real defaultWidthFraction = 20 "Default shape width as a fraction of the shape length";
  parameter SI.Length defaultArrowDiameter = nominalLength / 40 "Default diameter of arrows";
  parameter Real defaultFrameDiameterFraction = 40 "Default arrow diameter of frame axes as a fraction of the axis length";
  parameter Real defaultSpecularCoefficient(min = 0) = 0.7 "Default reflection of ambient light";
  parameter Real defaultN_to_m(unit = "N/m", min = 0) = 1000 "Scale of force arrows (length = force/defaultN_to_m)";
  parameter Real defaultNm_to_m(unit = "N.m/m", min = 0) = 1000 "Scale of torque arrows (length = torque/defaultNm_to_m)";

  replaceable function gravityAcceleration = Modelica.Mechanics.MultiBody.Forces.Internal.standardGravityAcceleration(
      gravityType = gravityType, g = g * Modelica.Math.Vectors.normalizeWithAssert(n), mu = mu)
    constrainedby Modelica.Mechanics.MultiBody.Interfaces.partialGravityAcceleration
    "Gravity acceleration at a position, resolved in the world frame";

equation
  // The world frame is the root of every orientation graph it is connected to.
  Connections.root(frame_b.R);
  assert(sqrt(n * n) > 1e-10, "the gravity direction n of the World must not be the zero vector");
  frame_b.r_0 = zeros(3);
  frame_b.R = Frames.nullRotation();
  annotation(
    defaultComponentName = "world",
    defaultComponentPrefixes = "inner",
    missingInnerMessage = "No `world` component is defined; a default World (uniform gravity 9.81 m/s2 along the negative y axis) is used. Add `inner Modelica.Mechanics.MultiBody.World world` to the model to choose another.");
end World;
