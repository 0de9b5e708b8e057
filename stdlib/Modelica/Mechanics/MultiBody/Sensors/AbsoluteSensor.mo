within Modelica.Mechanics.MultiBody.Sensors;
model AbsoluteSensor "Absolute position, velocity, acceleration, angles, angular velocity and angular acceleration of frame_a"
  import Modelica.Mechanics.MultiBody.Types.ResolveInFrameA;
  Modelica.Blocks.Interfaces.RealOutput r[3](each final quantity = "Length", each final unit = "m") if get_r "Position of frame_a, resolved in the frame chosen by resolveInFrame";
  Modelica.Blocks.Interfaces.RealOutput v[3](each final quantity = "Velocity", each final unit = "m/s") if get_v "Velocity of frame_a (derivative in the world frame), resolved as chosen";
  Modelica.Blocks.Interfaces.RealOutput a[3](each final quantity = "Acceleration", each final unit = "m/s2") if get_a "Acceleration of frame_a (derivative in the world frame), resolved as chosen";
  Modelica.Blocks.Interfaces.RealOutput angles[3](each final quantity = "Angle", each final unit = "rad", each displayUnit = "deg") if get_angles "Angles of the rotations about sequence that turn the world frame into frame_a";
  Modelica.Blocks.Interfaces.RealOutput w[3](each final quantity = "AngularVelocity", each final unit = "rad/s") if get_w "Angular velocity of frame_a, resolved as chosen";
  Modelica.Blocks.Interfaces.RealOutput z[3](each final quantity = "AngularAcceleration", each final unit = "rad/s2") if get_z "Angular acceleration of frame_a (derivative in the world frame), resolved as chosen";
  extends Modelica.Mechanics.MultiBody.Sensors.Internal.PartialAbsoluteSensor;
  Interfaces.Frame_resolve frame_resolve if resolveInFrame == ResolveInFrameA.frame_resolve "Frame the outputs are resolved in (if resolveInFrame = frame_resolve)";
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  parameter Modelica.Mechanics.MultiBody.Types.ResolveInFrameA resolveInFrame = Modelica.Mechanics.MultiBody.Types.ResolveInFrameA.frame_a "Frame the vectors are resolved in";
  parameter Boolean get_r = false "= true to output the position r";
  parameter Boolean get_v = false "= true to output the velocity v";
  parameter Boolean get_a = false "= true to output the acceleration a";
  parameter Boolean get_w = false "= true to output the angular velocity w";
  parameter Boolean get_z = false "= true to output the angular acceleration z";
  parameter Boolean get_angles = false "= true to output the rotation angles";
  parameter Types.RotationSequence sequence(min = {1, 1, 1}, max = {3, 3, 3}) = {1, 2, 3} "Axes of the rotations of the angles output" annotation(Evaluate = true);
  parameter SI.Angle guessAngle1 = 0 "Of the two solutions, the one with angles[1] nearest to this is output";
  input Types.Color arrowColor = Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor "Color of the arrow (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
protected
  outer Modelica.Mechanics.MultiBody.World world;
  Interfaces.Frame_resolve resolveFrame "frame_resolve if enabled, otherwise the world frame";
  Interfaces.ZeroPosition zeroPosition if not (resolveInFrame == ResolveInFrameA.frame_resolve) "World frame for resolveFrame";
  Frames.Orientation R_res "Orientation of the frame the vectors are resolved in";
  Internal.ResolvedVector position(R = R_res, u = frame_a.r_0) if get_r "Computes r";
  Internal.ResolvedDerivative velocity(R = R_res, u = frame_a.r_0) if get_v "Computes v";
  Internal.ResolvedSecondDerivative acceleration(R = R_res, u = frame_a.r_0) if get_a "Computes a";
  Internal.AnglesSignal absoluteAngles(R = frame_a.R, sequence = sequence, guessAngle1 = guessAngle1) if get_angles "Computes angles";
  Internal.ResolvedVector angularVelocity(R = R_res, u = Frames.angularVelocity1(frame_a.R)) if get_w "Computes w";
  Internal.ResolvedDerivative angularAcceleration(R = R_res, u = Frames.angularVelocity1(frame_a.R)) if get_z "Computes z";
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
  connect(position.y, r);
  connect(velocity.y, v);
  connect(acceleration.y, a);
  connect(absoluteAngles.y, angles);
  connect(angularVelocity.y, w);
  connect(angularAcceleration.y, z);
end AbsoluteSensor;
