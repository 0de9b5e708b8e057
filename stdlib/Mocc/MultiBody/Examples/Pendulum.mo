within Mocc.MultiBody.Examples;
model Pendulum "Exudyn's mini example of the distance constraint: a 50 kg point mass on a 1 m massless rod, released at rest from the horizontal"
  extends Modelica.Icons.Example;
  inner Modelica.Mechanics.MultiBody.World world(g = 9.81, n = {0, -1, 0});
  Mocc.MultiBody.DistanceConstraint rod(distance = 1) "Holds the mass at 1 m from the world origin";
  Modelica.Mechanics.MultiBody.Parts.PointMass mass(m = 50,
    r_0(start = {1, 0, 0}, fixed = {false, true, true}),
    v_0(start = {0, 0, 0}, fixed = {false, true, true})) "Starts at (1, 0, 0), at rest";
equation
  connect(world.frame_b, rod.frame_a);
  connect(rod.frame_b, mass.frame_a);
  annotation(experiment(StopTime = 1, Interval = 0.01, Tolerance = 1e-8),
    Documentation(info = "<html>
<p>Exudyn's mini example of <code>DistanceConstraint</code>: the ground marker
at the origin, a mass point of 50 kg starting at (1, 0, 0) at rest, gravity
9.81 m/s2 along -y, 1 s. The mass swings through the bottom; at 1 s its x
position is about -0.986. Exudyn uses a planar mass point; this one moves in
3D and stays in the x-y plane. The initial position and velocity in y and z
are fixed; the constraint gives x = 1 and the velocity along x.</p>
</html>"));
end Pendulum;
