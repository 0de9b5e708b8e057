within Mocc.Examples;
model Oscillator "A damped mass on a spring, released from rest at x0"
  parameter Real m = 1 "mass (kg)";
  parameter Real c = 0.4 "damping (N.s/m)";
  parameter Real k = 4 "stiffness (N/m)";
  parameter Real x0 = 0.5 "initial position (m)";
  Real x(start = x0, fixed = true) "position (m)";
  Real v(start = 0, fixed = true) "velocity (m/s)";
  Real f "spring and damper force (N)";
  Real energy "mechanical energy (J)";
equation
  der(x) = v;
  m * der(v) = f;
  f = -k * x - c * v;
  energy = 0.5 * m * v^2 + 0.5 * k * x^2;
  annotation(experiment(StopTime = 10, Interval = 0.01));
end Oscillator;
