within Mocc.MultiBody;
model DistanceConstraint "Holds the distance between the origins of frame_a and frame_b at a prescribed value (a massless rod with ball joints at both ends)"
  import Modelica.Units.SI;
  import Modelica.Mechanics.MultiBody.Frames;
  extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
  parameter SI.Distance distance "Prescribed distance d0 between the origins of frame_a and frame_b (> 0)";
  parameter Boolean activeConnector = true "= false to remove the constraint: no force, the frames move freely" annotation(Evaluate = true);
  Modelica.Blocks.Interfaces.RealOutput displacement[3](each final quantity = "Length", each final unit = "m",
    each stateSelect = StateSelect.never) "Relative displacement frame_b.r_0 - frame_a.r_0, resolved in the world frame";
  Modelica.Blocks.Interfaces.RealOutput velocity[3](each final quantity = "Velocity", each final unit = "m/s") "Relative velocity der(displacement), resolved in the world frame";
  Modelica.Blocks.Interfaces.RealOutput currentDistance(final quantity = "Length", final unit = "m") "Current distance |displacement| between the origins (stays at distance; the difference is the constraint deviation)";
  Modelica.Blocks.Interfaces.RealOutput force(final quantity = "Force", final unit = "N") "Constraint force (the Lagrange multiplier); positive in tension, when it pulls the frames together";
equation
  assert(distance > 0, "`distance` must be greater than zero: at zero distance the direction of the constraint force is undefined");
  // The element transmits no torque and does not determine the orientation of
  // its frames. When nothing else does either (a PointMass at one end), a
  // frame is the root of its orientation graph with the world orientation;
  // priority 5000 prefers a Body (0) and yields to a PointMass (10000).
  Connections.potentialRoot(frame_a.R, 5000);
  Connections.potentialRoot(frame_b.R, 5000);
  if Connections.isRoot(frame_a.R) then
    frame_a.R = Frames.nullRotation();
  else
    frame_a.t = zeros(3);
  end if;
  if Connections.isRoot(frame_b.R) then
    frame_b.R = Frames.nullRotation();
  else
    frame_b.t = zeros(3);
  end if;
  // The outputs. The displacement is never a state: the states are those of
  // the parts connected to the frames, which have start values.
  displacement = frame_b.r_0 - frame_a.r_0;
  velocity = der(displacement);
  currentDistance = sqrt(displacement * displacement);
  if activeConnector then
    // The constraint g = |r_b - r_a| - d0 = 0 at position level, written
    // in the frames' positions (so that initialization iterates on those,
    // from their start values); index reduction differentiates it twice.
    // The forces on the attached parts are
    // -force*dg/dr_a = force*e at frame_a and -force*dg/dr_b = -force*e at
    // frame_b, with e = displacement/|displacement| the unit vector from
    // frame_a to frame_b; the cut forces are their opposites.
    sqrt((frame_b.r_0 - frame_a.r_0) * (frame_b.r_0 - frame_a.r_0)) - distance = 0;
    frame_a.f = -Frames.resolve2(frame_a.R, (force / currentDistance) * displacement);
    frame_b.f = Frames.resolve2(frame_b.R, (force / currentDistance) * displacement);
  else
    force = 0;
    frame_a.f = zeros(3);
    frame_b.f = zeros(3);
  end if;
  annotation(Documentation(info = "<html>
<p>A distance constraint as multibody codes such as Exudyn define it
(<code>ObjectConnectorDistance</code>): the origins of <code>frame_a</code> and
<code>frame_b</code> are held at the distance <code>distance</code> by a force
along the line between them, the scalar Lagrange multiplier of the algebraic
equation |r_b - r_a| - d0 = 0. Only positions are constrained: no torque is
transmitted, and the orientations of the frames are left to what is connected
to them. The equation is written at position level (it is of index 3); the
compiler's index reduction differentiates it.</p>
<p>Sign of <code>force</code>: positive in tension, that is when the element
pulls frame_b towards frame_a (and frame_a towards frame_b), as a rod that holds
a hanging pendulum. The force applied to the part at frame_b is
<code>-force*displacement/currentDistance</code>, the one applied to the part
at frame_a its opposite.</p>
<p>With <code>activeConnector = false</code> the constraint is removed: the
force is zero and the outputs still show the relative motion.</p>
<p>Outputs (as Exudyn's output variables): <code>displacement</code> (Exudyn's
Displacement), <code>velocity</code> (Velocity), <code>currentDistance</code>
(Distance) and <code>force</code> (Force).</p>
<p>A frame that nothing else orients (for example the frame of a
<code>Parts.PointMass</code>) gets the world orientation from this element.</p>
</html>"));
end DistanceConstraint;
