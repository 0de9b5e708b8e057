within ModelicaTest.MultiBody.Sensors;
model AbsoluteSensor "Two-axis pendulum with absolute sensors resolved in frame_a directly and via frame_resolve, and in the world frame directly and via frame_resolve"
  extends Modelica.Icons.Example;
  parameter Real tol = 1e-3 "Largest difference allowed between the two ways of resolving";
  inner MultiBody.World world(gravityType = MultiBody.Types.GravityTypes.UniformGravity);
  MultiBody.Joints.Revolute rev(n = {0, 0, 1}, useAxisFlange = true, phi(fixed = true), w(fixed = true));
  MultiBody.Joints.Revolute rev1(n = {1, 0, 0}, useAxisFlange = true, phi(fixed = true), w(fixed = true));
  Modelica.Mechanics.Rotational.Components.Damper damper(d = 0.1);
  Modelica.Mechanics.Rotational.Components.Damper damper1(d = 0.1);
  MultiBody.Parts.BodyBox box(r = {1, 0, 1});
  MultiBody.Sensors.AbsoluteSensor sensor_frame_a1(get_angles = true, resolveInFrame = MultiBody.Types.ResolveInFrameA.frame_a,
    get_r = true, get_v = true, get_a = true, get_w = true, get_z = true);
  MultiBody.Sensors.AbsoluteSensor sensor_frame_a2(get_angles = true, resolveInFrame = MultiBody.Types.ResolveInFrameA.frame_resolve,
    get_r = true, get_v = true, get_a = true, get_w = true, get_z = true);
  MultiBody.Sensors.AbsoluteSensor sensor_world1(get_angles = true, resolveInFrame = MultiBody.Types.ResolveInFrameA.world,
    get_r = true, get_v = true, get_a = true, get_w = true, get_z = true);
  MultiBody.Sensors.AbsoluteSensor sensor_world2(get_angles = true, resolveInFrame = MultiBody.Types.ResolveInFrameA.frame_resolve,
    get_r = true, get_v = true, get_a = true, get_w = true, get_z = true);
  Modelica.Blocks.Math.Add err1[18](each k2 = -1) "Differences of the two sensors resolved in frame_a";
  Modelica.Blocks.Math.Add err2[18](each k2 = -1) "Differences of the two sensors resolved in the world frame";
equation
  for i in 1:18 loop
    assert(err1[i].y < tol and err2[i].y < tol, "the two ways of resolving the sensor outputs differ by more than tol");
  end for;
  connect(world.frame_b, rev.frame_a);
  connect(damper.flange_b, rev.axis);
  connect(rev.support, damper.flange_a);
  connect(rev.frame_b, rev1.frame_a);
  connect(damper1.flange_b, rev1.axis);
  connect(rev1.support, damper1.flange_a);
  connect(rev1.frame_b, box.frame_a);
  connect(box.frame_b, sensor_frame_a1.frame_a);
  connect(box.frame_b, sensor_world1.frame_a);
  connect(box.frame_b, sensor_frame_a2.frame_a);
  connect(box.frame_b, sensor_world2.frame_a);
  connect(sensor_world2.frame_resolve, world.frame_b);
  connect(sensor_frame_a2.frame_resolve, rev1.frame_b);
  connect(sensor_frame_a2.r[1:3], err1[1:3].u1);
  connect(sensor_frame_a2.v[1:3], err1[4:6].u1);
  connect(sensor_frame_a2.a[1:3], err1[7:9].u1);
  connect(sensor_frame_a2.angles[1:3], err1[10:12].u1);
  connect(sensor_frame_a2.w[1:3], err1[13:15].u1);
  connect(sensor_frame_a2.z[1:3], err1[16:18].u1);
  connect(sensor_frame_a1.r[1:3], err1[1:3].u2);
  connect(sensor_frame_a1.v[1:3], err1[4:6].u2);
  connect(sensor_frame_a1.a[1:3], err1[7:9].u2);
  connect(sensor_frame_a1.angles[1:3], err1[10:12].u2);
  connect(sensor_frame_a1.w[1:3], err1[13:15].u2);
  connect(sensor_frame_a1.z[1:3], err1[16:18].u2);
  connect(sensor_world1.r[1:3], err2[1:3].u1);
  connect(sensor_world1.v[1:3], err2[4:6].u1);
  connect(sensor_world1.a[1:3], err2[7:9].u1);
  connect(sensor_world1.angles[1:3], err2[10:12].u1);
  connect(sensor_world1.w[1:3], err2[13:15].u1);
  connect(sensor_world1.z[1:3], err2[16:18].u1);
  connect(sensor_world2.r[1:3], err2[1:3].u2);
  connect(sensor_world2.v[1:3], err2[4:6].u2);
  connect(sensor_world2.a[1:3], err2[7:9].u2);
  connect(sensor_world2.angles[1:3], err2[10:12].u2);
  connect(sensor_world2.w[1:3], err2[13:15].u2);
  connect(sensor_world2.z[1:3], err2[16:18].u2);
  annotation(experiment(StopTime = 5));
end AbsoluteSensor;
