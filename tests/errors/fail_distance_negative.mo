// RUN: mocc check %s --lib ../../stdlib/Mocc
// A negative distance is reported at the modification that sets it, here
// through a parameter of the enclosing model.
model DistanceNegative
  parameter Real d = -1;
  inner Modelica.Mechanics.MultiBody.World world;
  Mocc.MultiBody.DistanceConstraint rod(
    distance = d);
  Modelica.Mechanics.MultiBody.Parts.PointMass mass(m = 1);
equation
  connect(world.frame_b, rod.frame_a);
  connect(rod.frame_b, mass.frame_a);
end DistanceNegative;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_distance_negative.mo:8:16: error: `rod.distance = d` violates the assertion `distance > 0`: `distance` must be greater than zero: at zero distance the direction of the constraint force is undefined
// CHECK:STDERR:     distance = d);
// CHECK:STDERR:                ^
// CHECK:STDERR: ../../stdlib/Mocc/MultiBody/DistanceConstraint.mo:14:3: note: asserted here
// CHECK:STDERR:   assert(distance > 0, "`distance` must be greater than zero: at zero distance the direction of the constraint force is undefined");
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
