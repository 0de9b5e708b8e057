// A body at rest held by Coulomb friction, pulled by a torque that rises
// with time, written as the MSL's PartialFriction is (M. Otter, H. Elmqvist
// and S. E. Mattsson, "Hybrid Modeling in Modelica based on the Synchronous
// Data Flow Principle", 1999): mode starts Unknown (fixed), so at
// initialization pre(mode) = Unknown (MLS 8.6) and the body sticks. When
// the holding torque sa reaches tau0 (t = tau0), startForward switches the
// acceleration to sa - tau0; w leaves zero at once and the next event makes
// the mode Forward. After that, J*der(w) = time - tau0, so w = (t - tau0)^2/2.
model Breakaway
  parameter Real J = 1;
  parameter Real tau0 = 0.5;
  constant Integer Unknown = 3;
  constant Integer Forward = 1;
  constant Integer Stuck = 0;
  Real w(start = 0, fixed = true);
  Real a;
  Real sa;
  Real tau;
  Boolean startForward(start = false, fixed = true);
  Boolean locked(start = false);
  Integer mode(start = Unknown, fixed = true);
equation
  der(w) = a;
  J * a = time - tau;
  startForward = pre(mode) == Stuck and (sa > tau0 or pre(startForward) and sa > tau0)
    or initial() and w > 0;
  locked = not (pre(mode) == Forward or startForward);
  a = if locked then 0 else sa - tau0;
  tau = if locked then sa else tau0;
  mode = if (pre(mode) == Forward or startForward) and w > 0 then Forward else Stuck;
  annotation(experiment(StopTime = 1, Interval = 0.01));
end Breakaway;
