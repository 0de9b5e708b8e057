within Mocc.MultiBody.Examples;
model FourBarPoints "Four-bar linkage of two point masses and three distance constraints (Exudyn style)"
  extends Modelica.Icons.Example;
  import Modelica.Units.SI;
  parameter SI.Length L0 = 1 "Distance between the ground pivots A and D";
  parameter SI.Length L1 = 0.3 "Length of the crank AB";
  parameter SI.Length L2 = 1 "Length of the coupler BC";
  parameter SI.Length L3 = 0.8 "Length of the rocker DC";
  parameter SI.Angle alpha0 = Modelica.Constants.pi / 3 "Initial crank angle";
  parameter SI.AngularVelocity omega0 = 8 "Initial angular velocity of the crank";
  // The z coordinates are the natural states of the motion out of the plane
  // (the bars are ball-jointed); in the plane, the states are chosen during
  // the simulation. Without this hint more than 16 choices of states are
  // equally good, the compiler keeps one static choice, and the one it
  // keeps determines z of B from the crank's constraint, which is singular
  // in the plane.
  final parameter StateSelect outOfPlane[3] = {StateSelect.default, StateSelect.default, StateSelect.prefer};
  inner Modelica.Mechanics.MultiBody.World world(g = 9.81, n = {0, -1, 0});
  Modelica.Mechanics.MultiBody.Parts.Fixed pivotD(r = {L0, 0, 0}) "Ground pivot of the rocker";
  Mocc.MultiBody.DistanceConstraint crank(distance = L1) "A to B";
  Mocc.MultiBody.DistanceConstraint coupler(distance = L2) "B to C";
  Mocc.MultiBody.DistanceConstraint rocker(distance = L3) "D to C";
  Modelica.Mechanics.MultiBody.Parts.PointMass massB(m = 1,
    r_0(start = {L1 * cos(alpha0), L1 * sin(alpha0), 0}, fixed = {false, true, true}, stateSelect = outOfPlane),
    v_0(start = {-L1 * omega0 * sin(alpha0), L1 * omega0 * cos(alpha0), 0}, fixed = {false, true, true}, stateSelect = outOfPlane)) "Joint between crank and coupler";
  Modelica.Mechanics.MultiBody.Parts.PointMass massC(m = 2,
    r_0(start = {0.9, 0.8, 0}, fixed = {false, false, true}, stateSelect = outOfPlane),
    v_0(start = {0, 0, 0}, fixed = {false, false, true}, stateSelect = outOfPlane)) "Joint between coupler and rocker";
equation
  connect(world.frame_b, crank.frame_a);
  connect(crank.frame_b, massB.frame_a);
  connect(massB.frame_a, coupler.frame_a);
  connect(coupler.frame_b, massC.frame_a);
  connect(pivotD.frame_b, rocker.frame_a);
  connect(rocker.frame_b, massC.frame_a);
  annotation(experiment(StopTime = 10, Interval = 0.01, Tolerance = 1e-8),
    Documentation(info = "<html>
<p>The crank-rocker of <code>FourBar</code> built only from point masses and
distance constraints, as in Exudyn: a 1 kg point mass at the joint B of crank
and coupler, 2 kg at the joint C of coupler and rocker, and three massless bars.
The crank starts at 60 degrees with 8 rad/s. The masses may leave the x-y plane
(each bar is a ball-jointed rod); with z = 0 and no velocity along z at the
start, they stay in it.</p>
</html>"));
end FourBarPoints;
