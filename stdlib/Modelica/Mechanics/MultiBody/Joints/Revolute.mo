within Modelica.Mechanics.MultiBody.Joints;
model Revolute "Revolute joint (1 rotational degree of freedom, 2 potential states, optional axis flange)"
  Modelica.Mechanics.Rotational.Interfaces.Flange_a axis if useAxisFlange "Rotational flange that drives the joint";
  Modelica.Mechanics.Rotational.Interfaces.Flange_b support if useAxisFlange "Rotational flange of the drive housing (fixed in the world frame)";
  Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a "First frame of the joint";
  Modelica.Mechanics.MultiBody.Interfaces.Frame_b frame_b "Second frame of the joint";
  parameter Boolean useAxisFlange = false "= true to enable the flanges axis and support" annotation(Evaluate = true);
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  parameter Modelica.Mechanics.MultiBody.Types.Axis n = {0, 0, 1} "Axis of rotation, resolved in frame_a (and in frame_b)" annotation(Evaluate = true);
  parameter SI.Distance cylinderLength = world.defaultJointLength "Length of the cylinder shape (ignored)";
  parameter SI.Distance cylinderDiameter = world.defaultJointWidth "Diameter of the cylinder shape (ignored)";
  input Modelica.Mechanics.MultiBody.Types.Color cylinderColor = Modelica.Mechanics.MultiBody.Types.Defaults.JointColor "Color of the cylinder shape (ignored)";
  input Modelica.Mechanics.MultiBody.Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  parameter StateSelect stateSelect = StateSelect.prefer "Preference for phi and w as states";
  SI.Angle phi(start = 0, final stateSelect = stateSelect) "Rotation angle of frame_b relative to frame_a about n";
  SI.AngularVelocity w(start = 0, stateSelect = stateSelect) "Relative angular velocity (= der(phi))";
  SI.AngularAcceleration a(start = 0) "Relative angular acceleration (= der(w))";
  SI.Torque tau "Driving torque about the axis";
  SI.Angle angle "= phi";
protected
  outer Modelica.Mechanics.MultiBody.World world;
  parameter Real e[3](each final unit = "1") = Modelica.Math.Vectors.normalizeWithAssert(n) "Unit vector along the axis, resolved in frame_a (and in frame_b)";
  Frames.Orientation R_rel "Orientation of frame_b relative to frame_a, or of frame_a relative to frame_b";
  // The optional flanges are reached through an always-present adapter. When
  // they are disabled, the adapter's flange is unconnected, so its torque and
  // the driving torque are zero.
  Modelica.Mechanics.Rotational.Interfaces.InternalSupport internalAxis(tau = tau) "Adapter for the axis flange";
  Modelica.Mechanics.Rotational.Components.Fixed fixed if useAxisFlange "Holds the support flange at angle 0";
equation
  Connections.branch(frame_a.R, frame_b.R);
  angle = phi;
  w = der(phi);
  a = der(w);
  frame_b.r_0 = frame_a.r_0;
  // The orientation is passed on in the direction of the orientation graph.
  // The joint is massless: cut force and cut torque pass through unchanged.
  if Connections.rooted(frame_a.R) then
    R_rel = Frames.planarRotation(e, phi, w);
    frame_b.R = Frames.absoluteRotation(frame_a.R, R_rel);
    frame_a.f = -Frames.resolve1(R_rel, frame_b.f);
    frame_a.t = -Frames.resolve1(R_rel, frame_b.t);
  else
    R_rel = Frames.planarRotation(-e, phi, w);
    frame_a.R = Frames.absoluteRotation(frame_b.R, R_rel);
    frame_b.f = -Frames.resolve1(R_rel, frame_a.f);
    frame_b.t = -Frames.resolve1(R_rel, frame_a.t);
  end if;
  // The torque about the axis is what the drive supplies.
  tau = -frame_b.t * e;
  phi = internalAxis.phi;
  connect(fixed.flange, support);
  connect(internalAxis.flange, axis);
end Revolute;
