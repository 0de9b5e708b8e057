model LinkChain "9 links on revolute joints hanging from the world, released horizontal (bench/generate multibody 9)"
  import Modelica.Mechanics.MultiBody;
  parameter Integer N = 9 "number of links";
  parameter Real linkLength = 0.1 "length of a link";
  inner MultiBody.World world;
  MultiBody.Joints.Revolute joint[N](each n = {0, 0, 1}, each phi(fixed = true), each w(fixed = true));
  MultiBody.Parts.BodyShape link[N](each r = {linkLength, 0, 0}, each r_CM = {linkLength / 2, 0, 0},
    each m = 0.1);
equation
  connect(world.frame_b, joint[1].frame_a);
  for i in 1:N loop
    connect(joint[i].frame_b, link[i].frame_a);
  end for;
  for i in 1:N - 1 loop
    connect(link[i].frame_b, joint[i + 1].frame_a);
  end for;
  annotation(experiment(StopTime = 1, Tolerance = 1e-6));
end LinkChain;
