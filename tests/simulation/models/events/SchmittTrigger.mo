// A relaxation oscillator: a comparator with positive feedback (a Schmitt
// trigger) and an inverting integrator. The comparator's output u is a
// steep, saturating function of vin, without events (smooth), so the loop
// u = f(vin(u)) has three solutions near the thresholds; where the
// integrator reaches a threshold the branch u = +Vs ends (a fold) and u must
// jump to -Vs, and back at the other threshold.
model SchmittTrigger
  parameter Real Vs = 15 "saturation";
  parameter Real V0 = 1e6 "open-loop gain";
  parameter Real R1 = 1000, R2 = 1500 "feedback divider";
  parameter Real R = 1000, C = 1e-4 "integrator";
  Real vc(start = 0, fixed = true) "integrator output";
  Real u(start = 15) "comparator output";
  Real vin "comparator input";
equation
  vin = (R2 * vc + R1 * u) / (R1 + R2);
  u = smooth(0, if V0 * vin > Vs then Vs else if V0 * vin < -Vs then -Vs else V0 * vin);
  C * der(vc) = -u / R;
  annotation(experiment(StopTime = 0.5));
end SchmittTrigger;
