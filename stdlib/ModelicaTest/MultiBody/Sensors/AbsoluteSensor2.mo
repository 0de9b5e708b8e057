within ModelicaTest.MultiBody.Sensors;
model AbsoluteSensor2 "Absolute position of a frame reached through a fixed rotation given by a rotation sequence"
  extends Modelica.Icons.Example;
  inner MultiBody.World world(animateWorld = true, animateGravity = true);
  MultiBody.Parts.FixedRotation fixedRotation(r = {0.5, 0.5, 0.1}, rotationType = MultiBody.Types.RotationTypes.PlanarRotationSequence,
    angles = {45, 45, 45}, animation = false);
  MultiBody.Visualizers.FixedFrame frame_a(color_x = {0, 128, 255});
  MultiBody.Sensors.AbsoluteSensor freeMotion(resolveInFrame = MultiBody.Types.ResolveInFrameA.world, get_r = true);
equation
  connect(world.frame_b, fixedRotation.frame_a);
  connect(fixedRotation.frame_b, freeMotion.frame_a);
  connect(fixedRotation.frame_b, frame_a.frame_a);
  annotation(experiment(StopTime = 1.1));
end AbsoluteSensor2;
