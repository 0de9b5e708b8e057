within Modelica.Mechanics.MultiBody.Forces;
package Internal "Helpers of the Forces package (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.InternalPackage;

  function standardGravityAcceleration "No gravity, uniform gravity, or the field of a point mass at the world origin"
    extends Modelica.Icons.Function;
    extends Modelica.Mechanics.MultiBody.Interfaces.partialGravityAcceleration;
    import Modelica.Mechanics.MultiBody.Types.GravityTypes;
    input GravityTypes gravityType "Kind of gravity field";
    input SI.Acceleration g[3] "Gravity acceleration of a uniform field, resolved in the world frame";
    input Real mu(unit = "m3/s2") "Field constant of a point gravity field";
  algorithm
    // A point field pulls towards the world origin with magnitude mu/|r|^2.
    gravity := if gravityType == GravityTypes.UniformGravity then g
               elseif gravityType == GravityTypes.PointGravity then -(mu / (r * r)) * (r / sqrt(r * r))
               else zeros(3);
    annotation(Inline = true);
  end standardGravityAcceleration;

  model BasicWorldForce "Force given by three signals acting at frame_b; frame_resolve must be connected"
    import Modelica.Mechanics.MultiBody.Types.ResolveInFrameB;
    extends Interfaces.PartialOneFrame_b;
    Interfaces.Frame_resolve frame_resolve "Frame the force may be resolved in";
    Modelica.Blocks.Interfaces.RealInput force[3](each final quantity = "Force", each final unit = "N") "Force, resolved in the frame chosen by resolveInFrame";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameB resolveInFrame = Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.world "Frame the force signals are resolved in";
  equation
    frame_resolve.f = zeros(3);
    frame_resolve.t = zeros(3);
    // frame_b.f is the cut force of the element, the opposite of the force on the attached part.
    if resolveInFrame == ResolveInFrameB.world then
      frame_b.f = -Frames.resolve2(frame_b.R, force);
    elseif resolveInFrame == ResolveInFrameB.frame_b then
      frame_b.f = -force;
    else
      frame_b.f = -Frames.resolveRelative(force, frame_resolve.R, frame_b.R);
    end if;
    frame_b.t = zeros(3);
  end BasicWorldForce;

  model BasicWorldTorque "Torque given by three signals acting at frame_b; frame_resolve must be connected"
    import Modelica.Mechanics.MultiBody.Types.ResolveInFrameB;
    extends Interfaces.PartialOneFrame_b;
    Interfaces.Frame_resolve frame_resolve "Frame the torque may be resolved in";
    Modelica.Blocks.Interfaces.RealInput torque[3](each final quantity = "Torque", each final unit = "N.m") "Torque, resolved in the frame chosen by resolveInFrame";
    parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameB resolveInFrame = Modelica.Mechanics.MultiBody.Types.ResolveInFrameB.world "Frame the torque signals are resolved in";
  equation
    frame_resolve.f = zeros(3);
    frame_resolve.t = zeros(3);
    if resolveInFrame == ResolveInFrameB.world then
      frame_b.t = -Frames.resolve2(frame_b.R, torque);
    elseif resolveInFrame == ResolveInFrameB.frame_b then
      frame_b.t = -torque;
    else
      frame_b.t = -Frames.resolveRelative(torque, frame_resolve.R, frame_b.R);
    end if;
    frame_b.f = zeros(3);
  end BasicWorldTorque;

  model ZeroForceAndTorque "Sets the cut force and cut torque of frame_a to zero"
    extends Modelica.Blocks.Icons.Block;
    Interfaces.Frame_a frame_a "Frame without force and torque";
  equation
    frame_a.f = zeros(3);
    frame_a.t = zeros(3);
  end ZeroForceAndTorque;
end Internal;
