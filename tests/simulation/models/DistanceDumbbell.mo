// Two free point masses joined by a distance constraint (a dumbbell) under
// gravity: the center of mass falls on a parabola, and the masses circle it
// at the angular velocity |v_rel|/d0 (the relative velocity starts normal to
// the rod), held by the tension m1 m2/(m1 + m2) |v_rel|^2/d0. Neither end
// is oriented by anything but the constraint.
model DistanceDumbbell
  inner Modelica.Mechanics.MultiBody.World world(g = 9.81, n = {0, -1, 0});
  Mocc.MultiBody.DistanceConstraint rod(distance = 0.5);
  Modelica.Mechanics.MultiBody.Parts.PointMass mass1(m = 1,
    r_0(start = {0, 0, 0}, each fixed = true),
    v_0(start = {0, -1.5, 0.2}, each fixed = true));
  Modelica.Mechanics.MultiBody.Parts.PointMass mass2(m = 3,
    r_0(start = {0.5, 0, 0}, fixed = {false, true, true}),
    v_0(start = {0, 0.5, 0.2}, fixed = {false, true, true}));
equation
  connect(mass1.frame_a, rod.frame_a);
  connect(rod.frame_b, mass2.frame_a);
  annotation(experiment(StopTime = 3, Interval = 0.01, Tolerance = 1e-8));
end DistanceDumbbell;
