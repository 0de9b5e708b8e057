within Modelica.Mechanics.MultiBody.Sensors;
model RelativeSensor "Position, velocity, acceleration, angles, angular velocity and angular acceleration of frame_b relative to frame_a"
  import Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB;
  extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialRelativeSensor;
  Interfaces.Frame_resolve frame_resolve if resolveInFrame == ResolveInFrameAB.frame_resolve or resolveInFrameAfterDifferentiation == ResolveInFrameAB.frame_resolve "Frame vectors may be resolved in";
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB resolveInFrame = Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a "Frame the vectors are resolved in before they are differentiated";
  parameter Boolean get_r_rel = false "= true to output the relative position r_rel";
  parameter Boolean get_v_rel = false "= true to output the relative velocity v_rel";
  parameter Boolean get_a_rel = false "= true to output the relative acceleration a_rel";
  parameter Boolean get_w_rel = false "= true to output the relative angular velocity w_rel";
  parameter Boolean get_z_rel = false "= true to output the relative angular acceleration z_rel";
  parameter Boolean get_angles = false "= true to output the rotation angles";
  parameter Types.RotationSequence sequence(min = {1, 1, 1}, max = {3, 3, 3}) = {1, 2, 3} "Axes of the rotations of the angles output" annotation(Evaluate = true);
  parameter SI.Angle guessAngle1 = 0 "Of the two solutions, the one with angles[1] nearest to this is output";
  input Types.Color arrowColor = Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor "Color of the arrow (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB resolveInFrameAfterDifferentiation = resolveInFrame "Frame the derivatives are resolved in";
  Modelica.Blocks.Interfaces.RealOutput r_rel[3](each final quantity = "Length", each final unit = "m") if get_r_rel "frame_b.r_0 - frame_a.r_0, resolved in the frame chosen by resolveInFrame";
  Modelica.Blocks.Interfaces.RealOutput v_rel[3](each final quantity = "Velocity", each final unit = "m/s") if get_v_rel "Derivative of r_rel, resolved in the frame chosen by resolveInFrameAfterDifferentiation";
  Modelica.Blocks.Interfaces.RealOutput a_rel[3](each final quantity = "Acceleration", each final unit = "m/s2") if get_a_rel "Second derivative of r_rel, resolved in the frame chosen by resolveInFrameAfterDifferentiation";
  Modelica.Blocks.Interfaces.RealOutput angles[3](each final quantity = "Angle", each final unit = "rad", each displayUnit = "deg") if get_angles "Angles of the rotations about sequence that turn frame_a into frame_b";
  Modelica.Blocks.Interfaces.RealOutput w_rel[3](each final quantity = "AngularVelocity", each final unit = "rad/s") if get_w_rel "Angular velocity of frame_b relative to frame_a, resolved in the frame chosen by resolveInFrame";
  Modelica.Blocks.Interfaces.RealOutput z_rel[3](each final quantity = "AngularAcceleration", each final unit = "rad/s2") if get_z_rel "Derivative of w_rel, resolved in the frame chosen by resolveInFrameAfterDifferentiation";
protected
  outer Modelica.Mechanics.MultiBody.World world;
  Interfaces.Frame_resolve resolveFrame "frame_resolve if enabled, otherwise the world frame";
  Interfaces.ZeroPosition zeroPosition if not (resolveInFrame == ResolveInFrameAB.frame_resolve or resolveInFrameAfterDifferentiation == ResolveInFrameAB.frame_resolve) "World frame for resolveFrame";
  Frames.Orientation R_res "Orientation of the frame chosen by resolveInFrame";
  Frames.Orientation R_out "Orientation of the frame chosen by resolveInFrameAfterDifferentiation";
  SI.Position r_res[3] "Relative position, resolved in the frame R_res";
  SI.AngularVelocity w_res[3] "Relative angular velocity, resolved in the frame R_res";
  Internal.VectorSignal position(u = r_res) if get_r_rel "Outputs r_rel";
  Internal.TransformedDerivative velocity(R_in = R_res, R_out = R_out, u = r_res, sameFrame = resolveInFrame == resolveInFrameAfterDifferentiation) if get_v_rel "Computes v_rel";
  Internal.TransformedSecondDerivative acceleration(R_in = R_res, R_out = R_out, u = r_res, sameFrame = resolveInFrame == resolveInFrameAfterDifferentiation) if get_a_rel "Computes a_rel";
  Internal.AnglesSignal relativeAngles(R = Frames.relativeRotation(frame_a.R, frame_b.R), sequence = sequence, guessAngle1 = guessAngle1) if get_angles "Computes angles";
  Internal.VectorSignal angularVelocity(u = w_res) if get_w_rel "Outputs w_rel";
  Internal.TransformedDerivative angularAcceleration(R_in = R_res, R_out = R_out, u = w_res, sameFrame = resolveInFrame == resolveInFrameAfterDifferentiation) if get_z_rel "Computes z_rel";
equation
  frame_a.f = zeros(3);
  frame_a.t = zeros(3);
  frame_b.f = zeros(3);
  frame_b.t = zeros(3);
  // The flows of resolveFrame are zero by MLS 9.2: nothing connects it from
  // outside, so it forms an unconnected inside connector.
  if resolveInFrame == ResolveInFrameAB.world then
    R_res = Frames.nullRotation();
  elseif resolveInFrame == ResolveInFrameAB.frame_a then
    R_res = frame_a.R;
  elseif resolveInFrame == ResolveInFrameAB.frame_b then
    R_res = frame_b.R;
  else
    R_res = resolveFrame.R;
  end if;
  if resolveInFrameAfterDifferentiation == ResolveInFrameAB.world then
    R_out = Frames.nullRotation();
  elseif resolveInFrameAfterDifferentiation == ResolveInFrameAB.frame_a then
    R_out = frame_a.R;
  elseif resolveInFrameAfterDifferentiation == ResolveInFrameAB.frame_b then
    R_out = frame_b.R;
  else
    R_out = resolveFrame.R;
  end if;
  r_res = Frames.resolve2(R_res, frame_b.r_0 - frame_a.r_0);
  // Angular velocity of frame_b relative to frame_a: computed in frame_a, then resolved.
  w_res = Frames.resolveRelative(Frames.angularVelocity1(Frames.relativeRotation(frame_a.R, frame_b.R)), frame_a.R, R_res);
  connect(frame_resolve, resolveFrame);
  connect(zeroPosition.frame_resolve, resolveFrame);
  connect(position.y, r_rel);
  connect(velocity.y, v_rel);
  connect(acceleration.y, a_rel);
  connect(relativeAngles.y, angles);
  connect(angularVelocity.y, w_rel);
  connect(angularAcceleration.y, z_rel);
end RelativeSensor;
