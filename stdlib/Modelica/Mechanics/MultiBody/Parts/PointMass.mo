within Modelica.Mechanics.MultiBody.Parts;
model PointMass "Point mass: rigid body without rotational inertia (6 potential states)"
  import Modelica.Mechanics.MultiBody.Types;
  Interfaces.Frame_a frame_a "Frame at the point mass";
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  parameter SI.Mass m(min = 0) "Mass";
  input SI.Diameter sphereDiameter = world.defaultBodyDiameter "Diameter of the sphere (ignored)";
  input Types.Color sphereColor = Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of the sphere (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  parameter StateSelect stateSelect = StateSelect.avoid "Preference for r_0 and v_0 as states";
  SI.Position r_0[3](start = {0, 0, 0}, each stateSelect = stateSelect) "Position of the point mass, resolved in the world frame";
  SI.Velocity v_0[3](start = {0, 0, 0}, each stateSelect = stateSelect) "Velocity, resolved in the world frame (= der(r_0))";
  SI.Acceleration a_0[3](start = {0, 0, 0}) "Acceleration, resolved in the world frame (= der(v_0))";
protected
  outer Modelica.Mechanics.MultiBody.World world;
equation
  // A point mass takes no torque, so it cannot determine the orientation of
  // frame_a; it is a root of the orientation graph only as a last resort.
  Connections.potentialRoot(frame_a.R, 10000);
  if Connections.isRoot(frame_a.R) then
    assert(cardinality(frame_a) == 0, "a PointMass is connected such that nothing determines the orientation of its frame_a; connect it through a joint that does (e.g. Joints.FreeMotion)");
    frame_a.R = Frames.nullRotation();
  else
    frame_a.t = zeros(3);
  end if;
  r_0 = frame_a.r_0;
  v_0 = der(r_0);
  a_0 = der(v_0);
  frame_a.f = m * Frames.resolve2(frame_a.R, a_0 - world.gravityAcceleration(r_0));
end PointMass;
