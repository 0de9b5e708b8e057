within ModelicaTest.MultiBody.Sensors;
model RelativeSensor "Two pendulums with relative sensors resolved in frame_a and frame_b directly and via frame_resolve"
  extends Modelica.Icons.Example;
  parameter Real tol = 1e-3 "Largest difference allowed between the two ways of resolving";
  inner MultiBody.World world;
  MultiBody.Joints.Revolute revolute(a(fixed = false), phi(fixed = true), w(fixed = true));
  MultiBody.Parts.BodyBox BodyBox1(r = {0.7, 0, 0});
  MultiBody.Parts.Fixed fixed(r = {-0.9, 0, 0.3});
  MultiBody.Joints.Revolute revolute1(a(fixed = false), phi(fixed = true, start = 0.7853981633974483), w(fixed = true));
  MultiBody.Parts.BodyBox BodyBox2(r = {0.7, 0, 0});
  MultiBody.Sensors.RelativeSensor relative_a1(get_r_rel = true, get_v_rel = true, get_a_rel = true, get_w_rel = true, get_z_rel = true,
    get_angles = true, resolveInFrame = MultiBody.Types.ResolveInFrameAB.frame_a);
  MultiBody.Sensors.RelativeSensor relative_a2(get_r_rel = true, get_v_rel = true, get_a_rel = true, get_w_rel = true, get_z_rel = true,
    get_angles = true, resolveInFrame = MultiBody.Types.ResolveInFrameAB.frame_resolve);
  Modelica.Blocks.Math.Add err1[18](each k2 = -1) "Differences of the two sensors resolved in frame_a";
  MultiBody.Sensors.RelativeSensor relative_b2(resolveInFrame = MultiBody.Types.ResolveInFrameAB.frame_resolve, get_r_rel = true,
    get_v_rel = true, get_a_rel = true, get_w_rel = true, get_z_rel = true, get_angles = true);
  MultiBody.Sensors.RelativeSensor relative_b1(resolveInFrame = MultiBody.Types.ResolveInFrameAB.frame_b, get_r_rel = true,
    get_v_rel = true, get_a_rel = true, get_w_rel = true, get_z_rel = true, get_angles = true);
  Modelica.Blocks.Math.Add err2[18](each k2 = -1) "Differences of the two sensors resolved in frame_b";
  MultiBody.Sensors.RelativeSensor relativeSensor(resolveInFrame = MultiBody.Types.ResolveInFrameAB.frame_a, get_r_rel = true,
    get_angles = true, sequence = {3, 2, 1});
equation
  for i in 1:18 loop
    assert(err1[i].y < tol and err2[i].y < tol, "the two ways of resolving the sensor outputs differ by more than tol");
  end for;
  connect(relative_a2.frame_resolve, revolute1.frame_b);
  connect(relative_b2.frame_resolve, BodyBox1.frame_a);
  connect(fixed.frame_b, revolute1.frame_a);
  connect(revolute1.frame_b, BodyBox2.frame_a);
  connect(revolute.frame_b, BodyBox1.frame_a);
  connect(world.frame_b, revolute.frame_a);
  connect(world.frame_b, relativeSensor.frame_a);
  connect(relativeSensor.frame_b, revolute.frame_b);
  connect(relative_a1.r_rel[1:3], err1[1:3].u1);
  connect(relative_a1.v_rel[1:3], err1[4:6].u1);
  connect(relative_a1.a_rel[1:3], err1[7:9].u1);
  connect(relative_a1.angles[1:3], err1[10:12].u1);
  connect(relative_a1.w_rel[1:3], err1[13:15].u1);
  connect(relative_a1.z_rel[1:3], err1[16:18].u1);
  connect(relative_a2.r_rel[1:3], err1[1:3].u2);
  connect(relative_a2.v_rel[1:3], err1[4:6].u2);
  connect(relative_a2.a_rel[1:3], err1[7:9].u2);
  connect(relative_a2.angles[1:3], err1[10:12].u2);
  connect(relative_a2.w_rel[1:3], err1[13:15].u2);
  connect(relative_a2.z_rel[1:3], err1[16:18].u2);
  connect(relative_b1.r_rel[1:3], err2[1:3].u1);
  connect(relative_b1.v_rel[1:3], err2[4:6].u1);
  connect(relative_b1.a_rel[1:3], err2[7:9].u1);
  connect(relative_b1.angles[1:3], err2[10:12].u1);
  connect(relative_b1.w_rel[1:3], err2[13:15].u1);
  connect(relative_b1.z_rel[1:3], err2[16:18].u1);
  connect(relative_b2.r_rel[1:3], err2[1:3].u2);
  connect(relative_b2.v_rel[1:3], err2[4:6].u2);
  connect(relative_b2.a_rel[1:3], err2[7:9].u2);
  connect(relative_b2.angles[1:3], err2[10:12].u2);
  connect(relative_b2.w_rel[1:3], err2[13:15].u2);
  connect(relative_b2.z_rel[1:3], err2[16:18].u2);
  connect(relative_a1.frame_a, BodyBox2.frame_b);
  connect(relative_a2.frame_a, BodyBox2.frame_b);
  connect(relative_b1.frame_a, BodyBox2.frame_b);
  connect(relative_b2.frame_a, BodyBox2.frame_b);
  connect(relative_a1.frame_b, BodyBox1.frame_b);
  connect(relative_a2.frame_b, BodyBox1.frame_b);
  connect(relative_b1.frame_b, BodyBox1.frame_b);
  connect(relative_b2.frame_b, BodyBox1.frame_b);
  annotation(experiment(StopTime = 2));
end RelativeSensor;
