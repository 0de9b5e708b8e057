// RUN: mocc check %s --lib ../../stdlib/Mocc
// A distance constraint needs a distance greater than zero: at zero the
// direction of its force is undefined. The error points at the modification.
model DistanceZero
  inner Modelica.Mechanics.MultiBody.World world;
  Mocc.MultiBody.DistanceConstraint rod(distance = 0);
  Modelica.Mechanics.MultiBody.Parts.PointMass mass(m = 1);
equation
  connect(world.frame_b, rod.frame_a);
  connect(rod.frame_b, mass.frame_a);
end DistanceZero;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_distance_zero.mo:6:52: error: `rod.distance = 0` violates the assertion `distance > 0`: `distance` must be greater than zero: at zero distance the direction of the constraint force is undefined
// CHECK:STDERR:   Mocc.MultiBody.DistanceConstraint rod(distance = 0);
// CHECK:STDERR:                                                    ^
// CHECK:STDERR: ../../stdlib/Mocc/MultiBody/DistanceConstraint.mo:14:3: note: asserted here
// CHECK:STDERR:   assert(distance > 0, "`distance` must be greater than zero: at zero distance the direction of the constraint force is undefined");
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
