within Modelica.Mechanics.MultiBody.Sensors;
model RelativeAngles "Angles of three axis rotations that turn frame_a into frame_b"
  extends Internal.PartialRelativeSensor;
  Modelica.Blocks.Interfaces.RealOutput angles[3](each final quantity = "Angle", each final unit = "rad", each displayUnit = "deg") "Angles of the rotations about sequence";
  parameter MultiBody.Types.RotationSequence sequence(min = {1, 1, 1}, max = {3, 3, 3}) = {1, 2, 3} "Axes of the rotations" annotation(Evaluate = true);
  parameter SI.Angle guessAngle1 = 0 "Of the two solutions, the one with angles[1] nearest to this is output";
  Modelica.Mechanics.MultiBody.Frames.Orientation R_rel "Orientation of frame_b relative to frame_a";
equation
  frame_a.f = zeros(3);
  frame_a.t = zeros(3);
  frame_b.f = zeros(3);
  frame_b.t = zeros(3);
  R_rel = Modelica.Mechanics.MultiBody.Frames.relativeRotation(frame_a.R, frame_b.R);
  angles = Frames.axesRotationsAngles(R_rel, sequence, guessAngle1);
end RelativeAngles;
