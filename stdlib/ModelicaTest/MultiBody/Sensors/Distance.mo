within ModelicaTest.MultiBody.Sensors;
model Distance "Test of Sensors.Distance: distance from a fixed point to the end of a damped pendulum, differentiated twice"
  extends Modelica.Icons.Example;
  inner MultiBody.World world(gravityType = MultiBody.Types.GravityTypes.UniformGravity);
  MultiBody.Joints.Revolute rev(n = {0, 0, 1}, useAxisFlange = true, a(fixed = false), phi(fixed = true), w(fixed = true));
  Modelica.Mechanics.Rotational.Components.Damper damper(d = 0.1);
  MultiBody.Parts.Fixed fixed(r = {0, -1, 0});
  MultiBody.Sensors.Distance Distance1;
  MultiBody.Parts.BodyBox BodyBox1(r = {0.5, 0, 0});
  Modelica.Blocks.Continuous.Der Der1;
  Modelica.Blocks.Continuous.Der Der2;
equation
  connect(world.frame_b, rev.frame_a);
  connect(damper.flange_b, rev.axis);
  connect(rev.support, damper.flange_a);
  connect(rev.frame_b, BodyBox1.frame_a);
  connect(Distance1.frame_b, BodyBox1.frame_b);
  connect(Distance1.frame_a, fixed.frame_b);
  connect(Der1.y, Der2.u);
  connect(Distance1.distance, Der1.u);
  annotation(experiment(StopTime = 5));
end Distance;
