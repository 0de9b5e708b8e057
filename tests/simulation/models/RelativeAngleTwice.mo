// A motor drives a load through a rigid gear and a compliance whose
// relative angle two components define over the same two flanges, each
// preferring it as a state: Rotational's Gearbox says phi_rel = flange_b.phi
// - lossyGear.flange_b.phi and its ElastoBacklash says the same of its own
// phi_rel. The two are one variable; kept as two states, the angle they
// leave free has none and the DAE's Jacobian is singular.
model RelativeAngleTwice
  parameter Real c = 100 "stiffness";
  parameter Real d = 1 "damping";
  parameter Real J1 = 1 "motor inertia";
  parameter Real J2 = 2 "load inertia";
  parameter Real ratio = 2 "gear ratio";
  Real phiMotor(start = 0, fixed = true);
  Real wMotor(start = 0, fixed = true);
  Real phiGear "the gear's output angle";
  Real phiLoad;
  Real wLoad;
  Real phi_rel(start = 0.1, fixed = true, stateSelect = StateSelect.prefer) = phiLoad - phiGear;
  Real w_rel(start = 0, fixed = true, stateSelect = StateSelect.prefer) = der(phi_rel);
  Real a_rel = der(w_rel);
  Real spring_phi_rel(stateSelect = StateSelect.prefer) = phiLoad - phiGear;
  Real spring_w_rel(stateSelect = StateSelect.prefer) = der(spring_phi_rel);
  Real spring_a_rel = der(spring_w_rel);
  Real tau "the spring's torque on the load";
equation
  phiMotor = ratio * phiGear;
  tau = -(c * spring_phi_rel + d * spring_w_rel);
  wMotor = der(phiMotor);
  J1 * der(wMotor) = -tau / ratio;
  wLoad = der(phiLoad);
  J2 * der(wLoad) = tau;
  annotation(experiment(StopTime = 2, Interval = 0.01, Tolerance = 1e-8));
end RelativeAngleTwice;
