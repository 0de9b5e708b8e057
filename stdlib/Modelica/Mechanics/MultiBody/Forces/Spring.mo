within Modelica.Mechanics.MultiBody.Forces;
model Spring "Linear spring along the line between two frames, with an optional point mass"
  import Modelica.Mechanics.MultiBody.Types;
  extends Interfaces.PartialTwoFrames;
  parameter Boolean animation = true "= true to animate the spring (ignored by mocc)";
  parameter Boolean showMass = true "= true to show the point mass (ignored by mocc)";
  parameter SI.TranslationalSpringConstant c(final min = 0) "Spring constant";
  parameter SI.Length s_unstretched = 0 "Length of the unstretched spring";
  parameter SI.Mass m(min = 0) = 0 "Mass of a point on the line between the frame origins";
  parameter Real lengthFraction(min = 0, max = 1) = 0.5 "Position of the point mass as a fraction of the distance from frame_a";
  input SI.Distance width = world.defaultForceWidth "Width of the spring (ignored)";
  input SI.Distance coilWidth = width / 10 "Width of the spring coil (ignored)";
  parameter Integer numberOfWindings = 5 "Number of windings (ignored)";
  input Types.Color color = Modelica.Mechanics.MultiBody.Types.Defaults.SpringColor "Color of the spring (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  input SI.Diameter massDiameter = max(0, (width - 2 * coilWidth) * 0.9) "Diameter of the point mass sphere (ignored)";
  input Types.Color massColor = Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of the point mass (ignored)";
  parameter SI.Distance s_small = 1e-10 "Lower bound of the distance used in divisions";
  parameter Boolean fixedRotationAtFrame_a = false "= true to fix frame_a.R to the world orientation" annotation(Evaluate = true);
  parameter Boolean fixedRotationAtFrame_b = false "= true to fix frame_b.R to the world orientation" annotation(Evaluate = true);
  SI.Position r_rel_a[3] "Position of frame_b relative to frame_a, resolved in frame_a";
  Real e_a[3](each final unit = "1") "Unit vector from frame_a to frame_b, resolved in frame_a";
  SI.Force f "Spring force; positive when it pulls the frames together";
  SI.Distance length "Distance between the origins of frame_a and frame_b";
  SI.Position s "Distance between the origins, bounded below by s_small";
  SI.Position r_rel_0[3] "Position of frame_b relative to frame_a, resolved in the world frame";
  Real e_rel_0[3](each final unit = "1") "Unit vector from frame_a to frame_b, resolved in the world frame";
  Forces.LineForceWithMass lineForce(
    final animateLine = animation,
    final animateMass = showMass,
    final m = m,
    final lengthFraction = lengthFraction,
    final lineShapeType = "spring",
    final lineShapeHeight = coilWidth * 2,
    final lineShapeWidth = width,
    final lineShapeExtra = numberOfWindings,
    final lineShapeColor = color,
    final specularCoefficient = specularCoefficient,
    final massDiameter = massDiameter,
    final massColor = massColor,
    final s_small = s_small,
    final fixedRotationAtFrame_a = fixedRotationAtFrame_a,
    final fixedRotationAtFrame_b = fixedRotationAtFrame_b) "Line geometry and point mass";
  Modelica.Mechanics.Translational.Components.Spring spring(final s_rel0 = s_unstretched, final c = c) "Spring law along the line";
equation
  r_rel_a = Frames.resolve2(frame_a.R, r_rel_0);
  e_a = r_rel_a / s;
  f = spring.f;
  length = lineForce.length;
  s = lineForce.s;
  r_rel_0 = lineForce.r_rel_0;
  e_rel_0 = lineForce.e_rel_0;
  connect(lineForce.frame_a, frame_a);
  connect(lineForce.frame_b, frame_b);
  connect(spring.flange_b, lineForce.flange_b);
  connect(spring.flange_a, lineForce.flange_a);
end Spring;
