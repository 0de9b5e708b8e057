within Modelica.Mechanics.MultiBody.Sensors;
model RelativeVelocity "Velocity of the origin of frame_b relative to the origin of frame_a"
  import Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB;
  extends Internal.PartialRelativeSensor;
  Modelica.Blocks.Interfaces.RealOutput v_rel[3](each final quantity = "Velocity", each final unit = "m/s") "Derivative of the relative position as seen in frame_a, resolved in the frame chosen by resolveInFrame";
  Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve if resolveInFrame == ResolveInFrameAB.frame_resolve "Frame the output is resolved in (if resolveInFrame = frame_resolve)";
  parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB resolveInFrame = Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a "Frame the output v_rel is resolved in";
  SI.Position r_rel_a[3] "Relative position, resolved in frame_a";
protected
  Interfaces.Frame_resolve resolveFrame "frame_resolve if enabled, otherwise the world frame";
  Interfaces.ZeroPosition zeroPosition if not (resolveInFrame == ResolveInFrameAB.frame_resolve) "World frame for resolveFrame";
  Frames.Orientation R_res "Orientation of the frame the output is resolved in";
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
  connect(frame_resolve, resolveFrame);
  connect(zeroPosition.frame_resolve, resolveFrame);
  r_rel_a = Frames.resolve2(frame_a.R, frame_b.r_0 - frame_a.r_0);
  v_rel = Frames.resolveRelative(der(r_rel_a), frame_a.R, R_res);
end RelativeVelocity;
