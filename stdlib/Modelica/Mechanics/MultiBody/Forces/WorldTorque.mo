within Modelica.Mechanics.MultiBody.Forces;
model WorldTorque "External torque at frame_b given by three signals, resolved in the world frame, frame_b or frame_resolve"
  extends Interfaces.PartialOneFrame_b;
  Interfaces.Frame_resolve frame_resolve if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve "Frame the torque is resolved in (if resolveInFrame = frame_resolve)";
  Modelica.Blocks.Interfaces.RealInput torque[3](each final quantity = "Torque", each final unit = "N.m") "Torque, resolved in the frame chosen by resolveInFrame";
  parameter Boolean animation = true "= true to animate the torque (ignored by mocc)";
  parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameB resolveInFrame = Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.world "Frame the torque signals are resolved in";
  input Types.Color color = Modelica.Mechanics.MultiBody.Types.Defaults.TorqueColor "Color of the arrow (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  Internal.BasicWorldTorque basicWorldTorque(resolveInFrame = resolveInFrame) "Torque element";
protected
  Interfaces.ZeroPosition zeroPosition if not (resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve) "Resolve frame when no frame_resolve is given";
equation
  connect(basicWorldTorque.frame_b, frame_b);
  connect(basicWorldTorque.torque, torque);
  connect(frame_resolve, basicWorldTorque.frame_resolve);
  connect(zeroPosition.frame_resolve, basicWorldTorque.frame_resolve);
  annotation(defaultComponentName = "torque");
end WorldTorque;
