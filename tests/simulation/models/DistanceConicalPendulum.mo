// A point mass held at 1 m from a Fixed frame at (0, 1, 0) by a distance
// constraint, on the circular orbit of a conical pendulum: 30 degrees from
// the downward vertical, angular velocity sqrt(g/(L cos(beta))) about the
// vertical. The constraint's frame_a is at the mass and frame_b at the
// fixed frame (the reverse of the mini example).
model DistanceConicalPendulum
  import Modelica.Units.SI;
  parameter SI.Length L = 1 "Length of the rod";
  parameter SI.Angle beta = Modelica.Constants.pi / 6 "Angle of the rod from the downward vertical";
  parameter SI.AngularVelocity omega = sqrt(9.81 / (L * cos(beta))) "Angular velocity of the orbit";
  inner Modelica.Mechanics.MultiBody.World world(g = 9.81, n = {0, -1, 0});
  Modelica.Mechanics.MultiBody.Parts.Fixed anchor(r = {0, 1, 0});
  Mocc.MultiBody.DistanceConstraint rod(distance = L);
  Modelica.Mechanics.MultiBody.Parts.PointMass mass(m = 2,
    r_0(start = {L * sin(beta), 1 - L * cos(beta), 0}, fixed = {true, false, true}),
    v_0(start = {0, 0, -omega * L * sin(beta)}, fixed = {true, false, true}));
equation
  connect(mass.frame_a, rod.frame_a);
  connect(rod.frame_b, anchor.frame_b);
  annotation(experiment(StopTime = 3, Interval = 0.01, Tolerance = 1e-8));
end DistanceConicalPendulum;
