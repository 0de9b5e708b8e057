within ModelicaTest.MultiBody.Sensors;
model Distance2 "Test of Sensors.Distance near zero distance (distance1) and at zero distance (distance2)"
  extends Modelica.Icons.Example;
  inner MultiBody.World world;
  MultiBody.Joints.Revolute Revolute1(a(fixed = false), phi(fixed = true, start = 0.5235987755982988), w(fixed = true));
  MultiBody.Parts.BodyBox BodyBox1(r = {1, 0, 0}, width = 0.08);
  MultiBody.Parts.Fixed fixed(r = {1, 0, 0});
  MultiBody.Sensors.Distance distance1;
  Modelica.Blocks.Continuous.Der Der1;
  Modelica.Blocks.Logical.LessEqualThreshold LessEqualThreshold1;
  MultiBody.Sensors.Distance distance2;
equation
  connect(world.frame_b, Revolute1.frame_a);
  connect(Revolute1.frame_b, BodyBox1.frame_a);
  connect(BodyBox1.frame_b, distance1.frame_a);
  connect(distance1.frame_b, fixed.frame_b);
  connect(distance1.distance, Der1.u);
  connect(distance1.distance, LessEqualThreshold1.u);
  connect(Revolute1.frame_a, distance2.frame_a);
  connect(Revolute1.frame_b, distance2.frame_b);
  annotation(experiment(StopTime = 0.5, Tolerance = 1e-10));
end Distance2;
