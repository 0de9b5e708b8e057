within Modelica.Mechanics.MultiBody.Sensors;
model AbsolutePosition "Position of the origin of frame_a"
  import Modelica.Mechanics.MultiBody.Types.ResolveInFrameA;
  extends Internal.PartialAbsoluteSensor;
  Modelica.Blocks.Interfaces.RealOutput r[3](each final quantity = "Length", each final unit = "m") "Position of frame_a, resolved in the frame chosen by resolveInFrame";
  Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve if resolveInFrame == ResolveInFrameA.frame_resolve "Frame the output is resolved in (if resolveInFrame = frame_resolve)";
  parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameA resolveInFrame = Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_a "Frame the output r is resolved in";
protected
  Interfaces.Frame_resolve resolveFrame "frame_resolve if enabled, otherwise the world frame";
  Interfaces.ZeroPosition zeroPosition if not (resolveInFrame == ResolveInFrameA.frame_resolve) "World frame for resolveFrame";
  Frames.Orientation R_res "Orientation of the frame the output is resolved in";
equation
  frame_a.f = zeros(3);
  frame_a.t = zeros(3);
  // The flows of resolveFrame are zero by MLS 9.2: nothing connects it from
  // outside, so it forms an unconnected inside connector.
  if resolveInFrame == ResolveInFrameA.world then
    R_res = Frames.nullRotation();
  elseif resolveInFrame == ResolveInFrameA.frame_a then
    R_res = frame_a.R;
  else
    R_res = resolveFrame.R;
  end if;
  connect(frame_resolve, resolveFrame);
  connect(zeroPosition.frame_resolve, resolveFrame);
  r = Frames.resolve2(R_res, frame_a.r_0);
end AbsolutePosition;
