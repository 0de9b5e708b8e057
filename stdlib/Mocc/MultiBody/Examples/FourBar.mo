within Mocc.MultiBody.Examples;
model FourBar "Four-bar linkage: a crank and a rocker on revolute joints, the loop closed by a distance constraint as the coupler"
  extends Modelica.Icons.Example;
  import Modelica.Units.SI;
  parameter SI.Length L0 = 1 "Distance between the ground pivots A and D";
  parameter SI.Length L1 = 0.3 "Length of the crank AB";
  parameter SI.Length L2 = 1 "Length of the coupler BC";
  parameter SI.Length L3 = 0.8 "Length of the rocker DC";
  parameter SI.Mass m1 = 1 "Mass of the crank (a uniform rod)";
  parameter SI.Mass m3 = 1.5 "Mass of the rocker (a uniform rod)";
  inner Modelica.Mechanics.MultiBody.World world(g = 9.81, n = {0, -1, 0});
  Modelica.Mechanics.MultiBody.Parts.Fixed pivotD(r = {L0, 0, 0}) "Ground pivot of the rocker";
  Modelica.Mechanics.MultiBody.Joints.Revolute jointA(n = {0, 0, 1},
    phi(start = Modelica.Constants.pi / 3, fixed = true), w(start = 8, fixed = true)) "Crank bearing at the world origin";
  Modelica.Mechanics.MultiBody.Joints.Revolute jointD(n = {0, 0, 1}, phi(start = 1.7)) "Rocker bearing";
  Modelica.Mechanics.MultiBody.Parts.BodyShape crank(r = {L1, 0, 0}, r_CM = {L1 / 2, 0, 0}, m = m1,
    I_11 = 1e-4, I_22 = m1 * L1^2 / 12, I_33 = m1 * L1^2 / 12) "Crank from A to B";
  Modelica.Mechanics.MultiBody.Parts.BodyShape rocker(r = {L3, 0, 0}, r_CM = {L3 / 2, 0, 0}, m = m3,
    I_11 = 1e-4, I_22 = m3 * L3^2 / 12, I_33 = m3 * L3^2 / 12) "Rocker from D to C";
  Mocc.MultiBody.DistanceConstraint coupler(distance = L2) "Massless coupler from B to C";
equation
  connect(world.frame_b, jointA.frame_a);
  connect(jointA.frame_b, crank.frame_a);
  connect(pivotD.frame_b, jointD.frame_a);
  connect(jointD.frame_b, rocker.frame_a);
  connect(crank.frame_b, coupler.frame_a);
  connect(coupler.frame_b, rocker.frame_b);
  annotation(experiment(StopTime = 10, Interval = 0.01, Tolerance = 1e-8),
    Documentation(info = "<html>
<p>A Grashof crank-rocker (ground 1 m, crank 0.3 m, coupler 1 m, rocker 0.8 m)
under gravity: the crank and the rocker are uniform rods on revolute joints
about z; the massless coupler is a distance constraint between their tips,
which closes the kinematic loop. The crank starts at 60 degrees with 8 rad/s;
the rocker's angle follows from the loop (its start value picks the branch
with the coupler above the ground line).</p>
</html>"));
end FourBar;
