within Modelica.Mechanics.MultiBody.Joints;
model Prismatic "Prismatic joint (1 translational degree of freedom, 2 potential states, optional axis flange)"
  extends Modelica.Mechanics.MultiBody.Interfaces.PartialElementaryJoint;
  Modelica.Mechanics.Translational.Interfaces.Flange_a axis if useAxisFlange "Translational flange that drives the joint";
  Modelica.Mechanics.Translational.Interfaces.Flange_b support if useAxisFlange "Translational flange of the drive housing (fixed in the world frame)";
  parameter Boolean useAxisFlange = false "= true to enable the flanges axis and support" annotation(Evaluate = true);
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  parameter Modelica.Mechanics.MultiBody.Types.Axis n = {1, 0, 0} "Axis of translation, resolved in frame_a (and in frame_b)" annotation(Evaluate = true);
  parameter Types.Axis boxWidthDirection = {0, 1, 0} "Width direction of the box shape (ignored)" annotation(Evaluate = true);
  parameter SI.Distance boxWidth = world.defaultJointWidth "Width of the box shape (ignored)";
  parameter SI.Distance boxHeight = boxWidth "Height of the box shape (ignored)";
  input Types.Color boxColor = Modelica.Mechanics.MultiBody.Types.Defaults.JointColor "Color of the box shape (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  parameter StateSelect stateSelect = StateSelect.prefer "Preference for s and v as states";
  final parameter Real e[3](each final unit = "1") = Modelica.Math.Vectors.normalizeWithAssert(n) "Unit vector along the axis, resolved in frame_a (and in frame_b)";
  SI.Position s(start = 0, final stateSelect = stateSelect) "Displacement of frame_b relative to frame_a along n";
  SI.Velocity v(start = 0, final stateSelect = stateSelect) "Relative velocity (= der(s))";
  SI.Acceleration a(start = 0) "Relative acceleration (= der(v))";
  SI.Force f "Driving force along the axis";
protected
  // The optional flanges are reached through an always-present adapter (see Revolute).
  Translational.Interfaces.InternalSupport internalAxis(f = f) "Adapter for the axis flange";
  Translational.Components.Fixed fixed if useAxisFlange "Holds the support flange at position 0";
equation
  v = der(s);
  a = der(v);
  frame_b.r_0 = frame_a.r_0 + Frames.resolve1(frame_a.R, s * e);
  frame_b.R = frame_a.R;
  // Massless: the cut forces balance, and so do the moments about frame_a.
  zeros(3) = frame_a.f + frame_b.f;
  zeros(3) = frame_a.t + frame_b.t + cross(s * e, frame_b.f);
  // The force along the axis is what the drive supplies.
  f = -e * frame_b.f;
  s = internalAxis.s;
  connect(fixed.flange, support);
  connect(internalAxis.flange, axis);
end Prismatic;
