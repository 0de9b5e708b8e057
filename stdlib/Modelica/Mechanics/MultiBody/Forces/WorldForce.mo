within Modelica.Mechanics.MultiBody.Forces;
model WorldForce "External force at frame_b given by three signals, resolved in the world frame, frame_b or frame_resolve"
  extends Interfaces.PartialOneFrame_b;
  Interfaces.Frame_resolve frame_resolve if resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve "Frame the force is resolved in (if resolveInFrame = frame_resolve)";
  Modelica.Blocks.Interfaces.RealInput force[3](each final quantity = "Force", each final unit = "N") "Force, resolved in the frame chosen by resolveInFrame";
  parameter Boolean animation = true "= true to animate the force (ignored by mocc)";
  parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameB resolveInFrame = Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.world "Frame the force signals are resolved in";
  input Types.Color color = Modelica.Mechanics.MultiBody.Types.Defaults.ForceColor "Color of the arrow (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  Internal.BasicWorldForce basicWorldForce(resolveInFrame = resolveInFrame) "Force element";
protected
  Interfaces.ZeroPosition zeroPosition if not (resolveInFrame == Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.frame_resolve) "Resolve frame when no frame_resolve is given";
equation
  connect(basicWorldForce.frame_b, frame_b);
  connect(basicWorldForce.force, force);
  connect(basicWorldForce.frame_resolve, frame_resolve);
  connect(zeroPosition.frame_resolve, basicWorldForce.frame_resolve);
  annotation(defaultComponentName = "force");
end WorldForce;
