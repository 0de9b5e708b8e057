within Modelica.Mechanics.MultiBody.Joints;
model FreeMotion "Free motion joint (6 degrees of freedom, 12 potential states)"
  extends Modelica.Mechanics.MultiBody.Interfaces.PartialTwoFrames;
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  SI.Position r_rel_a[3](start = {0, 0, 0}, each stateSelect = if enforceStates then StateSelect.always else StateSelect.prefer) "Position of frame_b relative to frame_a, resolved in frame_a";
  SI.Velocity v_rel_a[3](start = {0, 0, 0}, each stateSelect = if enforceStates then StateSelect.always else StateSelect.prefer) "= der(r_rel_a)";
  SI.Acceleration a_rel_a[3](start = {0, 0, 0}) "= der(v_rel_a)";
  parameter Boolean angles_fixed = false "= true if angles_start are initial values, else guesses" annotation(Evaluate = true);
  parameter SI.Angle angles_start[3] = {0, 0, 0} "Initial angles of the rotations about sequence_start that turn frame_a into frame_b";
  parameter Types.RotationSequence sequence_start = {1, 2, 3} "Axes of the rotations given by angles_start" annotation(Evaluate = true);
  parameter Boolean w_rel_a_fixed = false "= true if w_rel_a_start are initial values, else guesses" annotation(Evaluate = true);
  parameter SI.AngularVelocity w_rel_a_start[3] = {0, 0, 0} "Initial angular velocity of frame_b relative to frame_a, resolved in frame_a";
  parameter Boolean z_rel_a_fixed = false "= true if z_rel_a_start are initial values, else guesses" annotation(Evaluate = true);
  parameter SI.AngularAcceleration z_rel_a_start[3] = {0, 0, 0} "Initial angular acceleration of frame_b relative to frame_a, resolved in frame_a";
  input Types.Color arrowColor = Modelica.Mechanics.MultiBody.Types.Defaults.SensorColor "Color of the arrow (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  parameter Boolean enforceStates = true "= true to use the relative variables between frame_a and frame_b as states" annotation(Evaluate = true);
  parameter Boolean useQuaternions = true "= true for a quaternion as states, false for three angles" annotation(Evaluate = true);
  parameter Types.RotationSequence sequence_angleStates = {1, 2, 3} "Axes of the rotations of the three angle states" annotation(Evaluate = true);
  final parameter Frames.Orientation R_rel_start = Modelica.Mechanics.MultiBody.Frames.axesRotations(sequence_start, angles_start, zeros(3)) "Orientation of frame_b relative to frame_a at the start";
protected
  parameter Frames.Quaternions.Orientation Q_start = Frames.to_Q(R_rel_start) "Quaternion of frame_b relative to frame_a at the start";
  Frames.Quaternions.Orientation Q(start = Q_start, each stateSelect = if enforceStates then (if useQuaternions then StateSelect.prefer else StateSelect.never) else StateSelect.default) "Quaternion of frame_b relative to frame_a (constant if unused)";
  parameter SI.Angle phi_start[3] = if sequence_start[1] == sequence_angleStates[1] and sequence_start[2] == sequence_angleStates[2] and sequence_start[3] == sequence_angleStates[3]
    then angles_start else Frames.axesRotationsAngles(R_rel_start, sequence_angleStates) "Angle states at the start";
  SI.Angle phi[3](start = phi_start, each stateSelect = if enforceStates then (if useQuaternions then StateSelect.never else StateSelect.always) else StateSelect.prefer) "Angles that turn frame_a into frame_b (constant if unused)";
  SI.AngularVelocity phi_d[3](each stateSelect = if enforceStates then (if useQuaternions then StateSelect.never else StateSelect.always) else StateSelect.prefer) "= der(phi)";
  SI.AngularAcceleration phi_dd[3] "= der(phi_d)";
  SI.AngularVelocity w_rel_b[3](start = Frames.resolve2(R_rel_start, w_rel_a_start), fixed = fill(w_rel_a_fixed, 3),
    each stateSelect = if enforceStates then (if useQuaternions then StateSelect.always else StateSelect.avoid) else StateSelect.prefer)
    "Angular velocity of frame_b relative to frame_a, resolved in frame_b (zero if unused)";
  Frames.Orientation R_rel "Orientation of frame_b relative to frame_a (constant if unused)";
  Frames.Orientation R_rel_inv "Orientation of frame_a relative to frame_b (constant if unused)";
initial equation
  if angles_fixed then
    if not enforceStates then
      zeros(3) = Frames.Orientation.equalityConstraint(Frames.absoluteRotation(frame_a.R, R_rel_start), frame_b.R);
    elseif useQuaternions then
      zeros(3) = Frames.Quaternions.Orientation.equalityConstraint(Q, Q_start);
    else
      phi = phi_start;
    end if;
  end if;
  if z_rel_a_fixed then
    der(w_rel_b) = Frames.resolve2(R_rel_start, z_rel_a_start);
  end if;
equation
  der(r_rel_a) = v_rel_a;
  der(v_rel_a) = a_rel_a;
  frame_b.r_0 = frame_a.r_0 + Frames.resolve1(frame_a.R, r_rel_a);
  // Nothing is transmitted.
  frame_a.f = zeros(3);
  frame_a.t = zeros(3);
  frame_b.f = zeros(3);
  frame_b.t = zeros(3);
  if enforceStates then
    Connections.branch(frame_a.R, frame_b.R);
    if Connections.rooted(frame_a.R) then
      R_rel_inv = Frames.nullRotation();
      frame_b.R = Frames.absoluteRotation(frame_a.R, R_rel);
    else
      R_rel_inv = Frames.inverseRotation(R_rel);
      frame_a.R = Frames.absoluteRotation(frame_b.R, R_rel_inv);
    end if;
    if useQuaternions then
      {0} = Frames.Quaternions.orientationConstraint(Q);
      w_rel_b = Frames.Quaternions.angularVelocity2(Q, der(Q));
      R_rel = Frames.from_Q(Q, w_rel_b);
      phi = zeros(3);
      phi_d = zeros(3);
      phi_dd = zeros(3);
    else
      phi_d = der(phi);
      phi_dd = der(phi_d);
      R_rel = Frames.axesRotations(sequence_angleStates, phi, phi_d);
      w_rel_b = Frames.angularVelocity2(R_rel);
      Q = zeros(4);
    end if;
  else
    if w_rel_a_fixed or z_rel_a_fixed then
      w_rel_b = Frames.angularVelocity2(frame_b.R) - Frames.resolve2(frame_b.R, Frames.angularVelocity1(frame_a.R));
    else
      w_rel_b = zeros(3);
    end if;
    R_rel = Frames.nullRotation();
    R_rel_inv = Frames.nullRotation();
    Q = zeros(4);
    phi = zeros(3);
    phi_d = zeros(3);
    phi_dd = zeros(3);
  end if;
end FreeMotion;
