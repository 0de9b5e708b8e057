within Modelica.Mechanics.MultiBody;
package Types "Types and enumerations of the MultiBody library (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.TypesPackage;

  type Axis = Modelica.Icons.TypeReal[3](each final unit = "1") "Direction vector" annotation(Evaluate = true);

  type AxisLabel = Modelica.Icons.TypeString "Label of an axis";

  type RotationSequence = Modelica.Icons.TypeInteger[3](min = {1, 1, 1}, max = {3, 3, 3})
    "Axes (1: x, 2: y, 3: z) of three successive rotations" annotation(Evaluate = true);

  type Color = Modelica.Icons.TypeInteger[3](each min = 0, each max = 255) "RGB color";

  type RealColor = Modelica.Icons.TypeReal[3](each min = 0, each max = 255) "RGB color as Real numbers";

  type SpecularCoefficient = Modelica.Icons.TypeReal(min = 0) "Reflection of ambient light (0: none)";

  type ShapeType = Modelica.Icons.TypeString "Shape of a visual object (box, sphere, cylinder, ... or a file name)";

  type ShapeExtra = Modelica.Icons.TypeReal "Shape-dependent extra datum of a visual object";

  type ResolveInFrameA = enumeration(
      world "World frame",
      frame_a "frame_a",
      frame_resolve "frame_resolve (which must be connected)")
    "Frame in which an absolute vector is resolved";

  type ResolveInFrameB = enumeration(
      world "World frame",
      frame_b "frame_b",
      frame_resolve "frame_resolve (which must be connected)")
    "Frame in which an absolute vector is resolved";

  type ResolveInFrameAB = enumeration(
      world "World frame",
      frame_a "frame_a",
      frame_b "frame_b",
      frame_resolve "frame_resolve (which must be connected)")
    "Frame in which a relative vector is resolved";

  type RotationTypes = enumeration(
      RotationAxis "Rotation by a fixed angle about a fixed axis",
      TwoAxesVectors "Two axes of frame_b given in frame_a",
      PlanarRotationSequence "Three successive rotations about coordinate axes")
    "How a fixed rotation from frame_a to frame_b is given";

  type GravityTypes = enumeration(
      NoGravity "No gravity",
      UniformGravity "Uniform gravity field",
      PointGravity "Gravity field of a point mass")
    "Kind of gravity field";

  type VectorQuantity = enumeration(
      Force "Force",
      Torque "Torque",
      Velocity "Velocity",
      Acceleration "Acceleration",
      AngularVelocity "Angular velocity",
      AngularAcceleration "Angular acceleration",
      RelativePosition "Relative position")
    "Physical quantity of a visualized vector";

  package Defaults "Default settings of the MultiBody library"
    extends Modelica.Icons.Package;
    constant Types.Color BodyColor = {0, 128, 255} "Bodies with mass";
    constant Types.Color RodColor = {155, 155, 155} "Massless rods";
    constant Types.Color JointColor = {255, 0, 0} "Joints";
    constant Types.Color ForceColor = {0, 128, 0} "Force arrows";
    constant Types.Color TorqueColor = {0, 128, 0} "Torque arrows";
    constant Types.Color SpringColor = {0, 0, 255} "Springs";
    constant Types.Color SensorColor = {255, 255, 0} "Sensors";
    constant Types.Color FrameColor = {0, 0, 0} "Frame axes and labels";
    constant Types.Color ArrowColor = {0, 0, 255} "Arrows";
    constant Real FrameHeadLengthFraction = 5.0 "Length of a frame arrow head per arrow diameter";
    constant Real FrameHeadWidthFraction = 3.0 "Width of a frame arrow head per arrow diameter";
    constant Real FrameLabelHeightFraction = 3.0 "Height of a frame label per arrow diameter";
    constant Real ArrowHeadLengthFraction = 4.0 "Length of an arrow head per arrow diameter";
    constant Real ArrowHeadWidthFraction = 3.0 "Width of an arrow head per arrow diameter";
    constant Real BodyCylinderDiameterFraction = 3 "Body sphere diameter per body cylinder diameter";
    constant Real JointRodDiameterFraction = 2 "Joint sphere diameter per rod diameter";
  end Defaults;
end Types;
