within Modelica.Mechanics.MultiBody.Sensors;
model AbsoluteAngles "Angles of three axis rotations that turn the world frame into frame_a"
  extends Internal.PartialAbsoluteSensor;
  Modelica.Blocks.Interfaces.RealOutput angles[3](each final quantity = "Angle", each final unit = "rad", each displayUnit = "deg") "Angles of the rotations about sequence";
  parameter MultiBody.Types.RotationSequence sequence(min = {1, 1, 1}, max = {3, 3, 3}) = {1, 2, 3} "Axes of the rotations" annotation(Evaluate = true);
  parameter SI.Angle guessAngle1 = 0 "Of the two solutions, the one with angles[1] nearest to this is output";
equation
  frame_a.f = zeros(3);
  frame_a.t = zeros(3);
  angles = Frames.axesRotationsAngles(frame_a.R, sequence, guessAngle1);
end AbsoluteAngles;
