within Modelica.Mechanics.MultiBody.Parts;
model Body "Rigid body with mass and inertia tensor, attached at frame_a (12 potential states)"
  import Modelica.Mechanics.MultiBody.Types;
  import Modelica.Mechanics.MultiBody.Frames;
  Modelica.Mechanics.MultiBody.Interfaces.Frame_a frame_a "Frame fixed to the body";
  parameter Boolean animation = true "= true to animate (ignored by mocc)";
  parameter SI.Position r_CM[3](start = {0, 0, 0}) "Position of the center of mass relative to frame_a, resolved in frame_a";
  parameter SI.Mass m(min = 0, start = 1) "Mass";
  parameter SI.Inertia I_11(min = 0) = 0.001 "Inertia tensor element (1,1), about the center of mass, axes parallel to frame_a";
  parameter SI.Inertia I_22(min = 0) = 0.001 "Inertia tensor element (2,2)";
  parameter SI.Inertia I_33(min = 0) = 0.001 "Inertia tensor element (3,3)";
  parameter SI.Inertia I_21(min = -C.inf) = 0 "Inertia tensor element (2,1)";
  parameter SI.Inertia I_31(min = -C.inf) = 0 "Inertia tensor element (3,1)";
  parameter SI.Inertia I_32(min = -C.inf) = 0 "Inertia tensor element (3,2)";
  SI.Position r_0[3](start = {0, 0, 0}, each stateSelect = if enforceStates then StateSelect.always else StateSelect.avoid) "Position of frame_a, resolved in the world frame";
  SI.Velocity v_0[3](start = {0, 0, 0}, each stateSelect = if enforceStates then StateSelect.always else StateSelect.avoid) "Velocity of frame_a, resolved in the world frame (= der(r_0))";
  SI.Acceleration a_0[3](start = {0, 0, 0}) "Acceleration of frame_a, resolved in the world frame (= der(v_0))";
  parameter Boolean angles_fixed = false "= true if angles_start are initial values, else guesses" annotation(Evaluate = true);
  parameter SI.Angle angles_start[3] = {0, 0, 0} "Initial angles of the rotations about sequence_start that turn the world frame into frame_a";
  parameter Types.RotationSequence sequence_start = {1, 2, 3} "Axes of the rotations given by angles_start" annotation(Evaluate = true);
  parameter Boolean w_0_fixed = false "= true if w_0_start are initial values, else guesses" annotation(Evaluate = true);
  parameter SI.AngularVelocity w_0_start[3] = {0, 0, 0} "Initial angular velocity of frame_a, resolved in the world frame";
  parameter Boolean z_0_fixed = false "= true if z_0_start are initial values, else guesses" annotation(Evaluate = true);
  parameter SI.AngularAcceleration z_0_start[3] = {0, 0, 0} "Initial angular acceleration of frame_a, resolved in the world frame";
  parameter SI.Diameter sphereDiameter = world.defaultBodyDiameter "Diameter of the sphere (ignored)";
  input Types.Color sphereColor = Modelica.Mechanics.MultiBody.Types.Defaults.BodyColor "Color of the sphere (ignored)";
  parameter SI.Diameter cylinderDiameter = sphereDiameter / Types.Defaults.BodyCylinderDiameterFraction "Diameter of the cylinder (ignored)";
  input Types.Color cylinderColor = sphereColor "Color of the cylinder (ignored)";
  input Types.SpecularCoefficient specularCoefficient = world.defaultSpecularCoefficient "Reflection of ambient light (ignored)";
  parameter Boolean enforceStates = false "= true to force the absolute variables of the body to be states" annotation(Evaluate = true);
  parameter Boolean useQuaternions = true "= true for quaternions as potential orientation states, false for three angles" annotation(Evaluate = true);
  parameter Types.RotationSequence sequence_angleStates = {1, 2, 3} "Axes of the rotations of the three angle states (if not useQuaternions)" annotation(Evaluate = true);
  final parameter SI.Inertia I[3, 3] = [I_11, I_21, I_31; I_21, I_22, I_32; I_31, I_32, I_33] "Inertia tensor about the center of mass, resolved in frame_a";
  final parameter Frames.Orientation R_start = Modelica.Mechanics.MultiBody.Frames.axesRotations(sequence_start, angles_start, zeros(3)) "Orientation of frame_a relative to the world frame at the start";
  SI.AngularVelocity w_a[3](start = Frames.resolve2(R_start, w_0_start), fixed = fill(w_0_fixed, 3),
    each stateSelect = if enforceStates then (if useQuaternions then StateSelect.always else StateSelect.never) else StateSelect.avoid)
    "Angular velocity of frame_a, resolved in frame_a";
  SI.AngularAcceleration z_a[3](start = Frames.resolve2(R_start, z_0_start), fixed = fill(z_0_fixed, 3)) "Angular acceleration of frame_a, resolved in frame_a (= der(w_a))";
  SI.Acceleration g_0[3] "Gravity acceleration at the center of mass, resolved in the world frame";
protected
  outer Modelica.Mechanics.MultiBody.World world;
  // Potential states of the orientation when this body is the root of its
  // orientation graph: a quaternion, or three angles. The unused ones are
  // set to constants.
  parameter Frames.Quaternions.Orientation Q_start = Frames.to_Q(R_start) "Quaternion of frame_a at the start";
  Frames.Quaternions.Orientation Q(start = Q_start,
    each stateSelect = if enforceStates then (if useQuaternions then StateSelect.prefer else StateSelect.never) else StateSelect.avoid)
    "Quaternion of frame_a relative to the world frame (constant if unused)";
  parameter SI.Angle phi_start[3] = if sequence_start[1] == sequence_angleStates[1] and sequence_start[2] == sequence_angleStates[2] and sequence_start[3] == sequence_angleStates[3]
    then angles_start else Frames.axesRotationsAngles(R_start, sequence_angleStates) "Angle states at the start";
  SI.Angle phi[3](start = phi_start,
    each stateSelect = if enforceStates then (if useQuaternions then StateSelect.never else StateSelect.always) else StateSelect.avoid)
    "Angles about sequence_angleStates that turn the world frame into frame_a (constant if unused)";
  SI.AngularVelocity phi_d[3](each stateSelect = if enforceStates then (if useQuaternions then StateSelect.never else StateSelect.always) else StateSelect.avoid) "= der(phi)";
  SI.AngularAcceleration phi_dd[3] "= der(phi_d)";
initial equation
  if angles_fixed then
    if not Connections.isRoot(frame_a.R) then
      // The orientation is computed elsewhere: prescribe it.
      zeros(3) = Frames.Orientation.equalityConstraint(frame_a.R, R_start);
    elseif useQuaternions then
      zeros(3) = Frames.Quaternions.Orientation.equalityConstraint(Q, Q_start);
    else
      phi = phi_start;
    end if;
  end if;
equation
  if enforceStates then
    Connections.root(frame_a.R);
  else
    Connections.potentialRoot(frame_a.R);
  end if;
  r_0 = frame_a.r_0;
  if not Connections.isRoot(frame_a.R) then
    // The orientation comes through frame_a; the body has no orientation states.
    Q = {0, 0, 0, 1};
    phi = zeros(3);
    phi_d = zeros(3);
    phi_dd = zeros(3);
  elseif useQuaternions then
    frame_a.R = Frames.from_Q(Q, Frames.Quaternions.angularVelocity2(Q, der(Q)));
    {0} = Frames.Quaternions.orientationConstraint(Q);
    phi = zeros(3);
    phi_d = zeros(3);
    phi_dd = zeros(3);
  else
    phi_d = der(phi);
    phi_dd = der(phi_d);
    frame_a.R = Frames.axesRotations(sequence_angleStates, phi, phi_d);
    Q = {0, 0, 0, 1};
  end if;
  g_0 = world.gravityAcceleration(frame_a.r_0 + Frames.resolve1(frame_a.R, r_CM));
  v_0 = der(frame_a.r_0);
  a_0 = der(v_0);
  w_a = Frames.angularVelocity2(frame_a.R);
  z_a = der(w_a);
  // Newton-Euler equations. The acceleration of the center of mass, resolved
  // in frame_a, is the acceleration of frame_a plus the tangential and
  // centripetal terms; frame_a.f is the force on the body, frame_a.t the
  // moment on the body about the origin of frame_a.
  frame_a.f = m * (Frames.resolve2(frame_a.R, a_0 - g_0) + cross(z_a, r_CM) + cross(w_a, cross(w_a, r_CM)));
  frame_a.t = I * z_a + cross(w_a, I * w_a) + cross(r_CM, frame_a.f);
end Body;
