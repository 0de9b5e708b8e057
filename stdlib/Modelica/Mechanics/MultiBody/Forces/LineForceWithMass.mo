within Modelica.Mechanics.MultiBody.Forces;
model LineForceWithMass "Force along the line between two frames, given by 1-dim. translational elements, with an optional point mass on the line"
  import Modelica.Mechanics.MultiBody.Types;
  extends Interfaces.LineForceBase;
  Modelica.Mechanics.Translational.Interfaces.Flange_a flange_b "Flange at the frame_b end (flange_b.s = distance)";
  Modelica.Mechanics.Translational.Interfaces.Flange_b flange_a "Flange at the frame_a end (flange_a.s = 0)";
  parameter Boolean animateLine = true "= true to show the line (ignored by mocc)";
  parameter Boolean animateMass = true "= true to show the point mass (ignored by mocc)";
  parameter SI.Mass m(min = 0) = 0 "Mass of the point on the line";
  parameter Real lengthFraction(unit = "1", min = 0, max = 1) = 0.5 "Position of the point mass as a fraction of the distance from frame_a";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  parameter Types.ShapeType lineShapeType = "cylinder" "Shape of the line (ignored)";
  input SI.Length lineShapeWidth = world.defaultArrowDiameter "Width of the line shape (ignored)";
  input SI.Length lineShapeHeight = lineShapeWidth "Height of the line shape (ignored)";
  parameter Types.ShapeExtra lineShapeExtra = 0.0 "Extra datum of the line shape (ignored)";
  input Types.Color lineShapeColor = Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor "Color of the line shape (ignored)";
  input Real massDiameter = world.defaultBodyDiameter "Diameter of the point mass sphere (ignored)";
  input Types.Color massColor = Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of the point mass (ignored)";
protected
  SI.Force fa "Force of flange_a on the line";
  SI.Force fb "Force of flange_b on the line";
  SI.Position r_CM_0[3](each stateSelect = StateSelect.avoid) "Position of the point mass, resolved in the world frame";
  SI.Velocity v_CM_0[3](each stateSelect = StateSelect.avoid) "Velocity of the point mass (= der(r_CM_0))";
  SI.Acceleration ag_CM_0[3] "Acceleration of the point mass minus gravity";
equation
  flange_a.s = 0;
  flange_b.s = length;
  // An unconnected flange takes the reaction of the other one, so that the
  // 1-dim. elements can be attached at one end only.
  if cardinality(flange_a) > 0 and cardinality(flange_b) > 0 then
    fa = flange_a.f;
    fb = flange_b.f;
  elseif cardinality(flange_a) > 0 and cardinality(flange_b) == 0 then
    fa = flange_a.f;
    fb = -fa;
  elseif cardinality(flange_a) == 0 and cardinality(flange_b) > 0 then
    fa = -fb;
    fb = flange_b.f;
  else
    fa = 0;
    fb = 0;
  end if;
  if m > 0 then
    // The point mass at fraction h of the line loads the two ends in the
    // ratio (1 - h) : h (this keeps the power balance of the massless line).
    r_CM_0 = frame_a.r_0 + lengthFraction * r_rel_0;
    v_CM_0 = der(r_CM_0);
    ag_CM_0 = der(v_CM_0) - world.gravityAcceleration(r_CM_0);
    frame_a.f = Frames.resolve2(frame_a.R, (1 - lengthFraction) * m * ag_CM_0 - fa * e_rel_0);
    frame_b.f = Frames.resolve2(frame_b.R, lengthFraction * m * ag_CM_0 - fb * e_rel_0);
  else
    r_CM_0 = zeros(3);
    v_CM_0 = zeros(3);
    ag_CM_0 = zeros(3);
    frame_a.f = -Frames.resolve2(frame_a.R, fa * e_rel_0);
    frame_b.f = -Frames.resolve2(frame_b.R, fb * e_rel_0);
  end if;
end LineForceWithMass;
