within Modelica.Mechanics.MultiBody.Sensors;
model TransformRelativeVector "Resolves a relative vector in another frame"
  import Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB;
  extends Internal.PartialRelativeSensor;
  Modelica.Mechanics.MultiBody.Interfaces.Frame_resolve frame_resolve if frame_r_in == ResolveInFrameAB.frame_resolve or frame_r_out == ResolveInFrameAB.frame_resolve "Frame that may serve as input or output frame";
  Modelica.Blocks.Interfaces.RealInput r_in[3] "Vector resolved in the frame chosen by frame_r_in";
  Modelica.Blocks.Interfaces.RealOutput r_out[3] "r_in resolved in the frame chosen by frame_r_out";
  parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB frame_r_in = Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB.frame_a "Frame r_in is resolved in";
  parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameAB frame_r_out = frame_r_in "Frame r_out is resolved in";
protected
  Interfaces.Frame_resolve resolveFrame "frame_resolve if enabled, otherwise the world frame";
  Interfaces.ZeroPosition zeroPosition if not (frame_r_in == ResolveInFrameAB.frame_resolve or frame_r_out == ResolveInFrameAB.frame_resolve) "World frame for resolveFrame";
  Frames.Orientation R_in "Orientation of the frame of r_in";
  Frames.Orientation R_out "Orientation of the frame of r_out";
equation
  frame_a.f = zeros(3);
  frame_a.t = zeros(3);
  frame_b.f = zeros(3);
  frame_b.t = zeros(3);
  // The flows of resolveFrame are zero by MLS 9.2: nothing connects it from
  // outside, so it forms an unconnected inside connector.
  if frame_r_in == ResolveInFrameAB.world then
    R_in = Frames.nullRotation();
  elseif frame_r_in == ResolveInFrameAB.frame_a then
    R_in = frame_a.R;
  elseif frame_r_in == ResolveInFrameAB.frame_b then
    R_in = frame_b.R;
  else
    R_in = resolveFrame.R;
  end if;
  if frame_r_out == ResolveInFrameAB.world then
    R_out = Frames.nullRotation();
  elseif frame_r_out == ResolveInFrameAB.frame_a then
    R_out = frame_a.R;
  elseif frame_r_out == ResolveInFrameAB.frame_b then
    R_out = frame_b.R;
  else
    R_out = resolveFrame.R;
  end if;
  if frame_r_out == frame_r_in then
    r_out = r_in;
  else
    r_out = Frames.resolveRelative(r_in, R_in, R_out);
  end if;
  connect(frame_resolve, resolveFrame);
  connect(zeroPosition.frame_resolve, resolveFrame);
end TransformRelativeVector;
