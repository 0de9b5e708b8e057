// A Body with inertia (the root of its orientation graph, with quaternion
// states) held at 1 m from the World by a distance constraint, released at
// rest from 126.87 degrees from the downward vertical, above the pivot: the
// rod starts in compression. The constraint's frame_a is at the body and
// frame_b at the world.
model DistanceBodyPendulum
  inner Modelica.Mechanics.MultiBody.World world(g = 9.81, n = {0, -1, 0});
  Mocc.MultiBody.DistanceConstraint rod(distance = 1);
  Modelica.Mechanics.MultiBody.Parts.Body body(m = 2, r_CM = zeros(3), I_11 = 0.1, I_22 = 0.2, I_33 = 0.3,
    r_0(start = {0.8, 0.6, 0}, fixed = {true, false, true}),
    v_0(start = {0, 0, 0}, fixed = {false, true, true}),
    angles_fixed = true, w_0_fixed = true);
equation
  connect(body.frame_a, rod.frame_a);
  connect(rod.frame_b, world.frame_b);
  annotation(experiment(StopTime = 2, Interval = 0.01, Tolerance = 1e-8));
end DistanceBodyPendulum;
