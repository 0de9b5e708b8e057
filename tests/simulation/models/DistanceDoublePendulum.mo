// A double pendulum of two Bodies: a uniform rod (BodyShape) on a revolute
// joint at the world origin, and a Body hanging from the rod's tip by a
// distance constraint. The first angle is given through the joint, the
// second through the position of the Body (its y from the constraint).
model DistanceDoublePendulum
  import Modelica.Units.SI;
  parameter SI.Length L1 = 1 "Length of the rod";
  parameter SI.Length L2 = 0.8 "Length of the constraint";
  parameter SI.Angle theta1 = 1.2 "Initial angle of the rod from the downward vertical";
  parameter SI.Angle theta2 = 2.0 "Initial angle of the constraint from the downward vertical";
  // The motion stays in the x-y plane: z is the natural state out of it.
  final parameter StateSelect planar[3] = {StateSelect.default, StateSelect.default, StateSelect.prefer};
  inner Modelica.Mechanics.MultiBody.World world(g = 9.81, n = {0, -1, 0});
  Modelica.Mechanics.MultiBody.Joints.Revolute joint(n = {0, 0, 1},
    phi(start = theta1 - Modelica.Constants.pi / 2, fixed = true), w(start = 0, fixed = true));
  Modelica.Mechanics.MultiBody.Parts.BodyShape link(r = {L1, 0, 0}, r_CM = {L1 / 2, 0, 0}, m = 1,
    I_11 = 1e-3, I_22 = 1 / 12, I_33 = 1 / 12);
  Mocc.MultiBody.DistanceConstraint rod(distance = L2);
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 0.5, r_CM = zeros(3), I_11 = 0.01, I_22 = 0.01, I_33 = 0.01,
    r_0(start = {L1 * sin(theta1) + L2 * sin(theta2), -L1 * cos(theta1) - L2 * cos(theta2), 0}, fixed = {true, false, true}, stateSelect = planar),
    v_0(start = {0, 0, 0}, fixed = {true, false, true}, stateSelect = planar),
    angles_fixed = true, w_0_fixed = true);
equation
  connect(world.frame_b, joint.frame_a);
  connect(joint.frame_b, link.frame_a);
  connect(link.frame_b, rod.frame_a);
  connect(rod.frame_b, body.frame_a);
  annotation(experiment(StopTime = 5, Interval = 0.01, Tolerance = 1e-8));
end DistanceDoublePendulum;
