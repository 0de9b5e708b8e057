// A light block with Coulomb friction, pulled through a spring by a body that
// a sinusoidal force drives. The friction is written with a path parameter s
// (M. Otter, H. Elmqvist and S. E. Mattsson, "Hybrid Modeling in Modelica
// based on the Synchronous Data Flow Principle", 1999): the friction force
// when the block sticks, its acceleration offset by the static limit when it
// slides. The block starts at rest with zero acceleration, so initialization
// meets `a1 = if locked then 0 else ...` with a1 known and must not divide by
// the zero coefficient of s; at every stop the mixed system of s, the
// friction force and the Booleans decides between sticking and sliding.
model StickSlip
  parameter Real m1 = 0.01 "mass of the block";
  parameter Real m2 = 1 "mass of the driven body";
  parameter Real k = 10 "spring constant";
  parameter Real F0 = 5, w = 2 "driving force F0*sin(w*time)";
  parameter Real Fs = 1.2 "static friction limit";
  parameter Real Fc = 1 "sliding friction";
  Real x1, v1, a1 "block";
  Real x2(start = 0, fixed = true), v2(start = 0, fixed = true) "driven body";
  Real f "friction force on the block";
  Real s(start = 0.5) "path parameter";
  Boolean startForward, startBackward, locked;
  Integer mode(start = 0, fixed = true) "1 forward, -1 backward, 0 stuck";
initial equation
  v1 = 0;
  der(v1) = 0;
equation
  der(x1) = v1;
  der(v1) = a1;
  der(x2) = v2;
  m1 * a1 = k * (x2 - x1) - f;
  m2 * der(v2) = F0 * sin(w * time) - k * (x2 - x1);
  startForward = pre(mode) == 0 and s > Fs;
  startBackward = pre(mode) == 0 and s < -Fs;
  locked = not (pre(mode) == 1 or startForward or pre(mode) == -1 or startBackward);
  a1 = if locked then 0 else if startForward or pre(mode) == 1 then s - Fs else s + Fs;
  f = if locked then s else if startForward or pre(mode) == 1 then Fc else -Fc;
  mode = if (pre(mode) == 1 or startForward) and v1 > 0 then 1
    else if (pre(mode) == -1 or startBackward) and v1 < 0 then -1 else 0;
  annotation(experiment(StopTime = 5));
end StickSlip;
