// A half-wave rectifier with an ideal diode written as MSL's IdealDiode is
// (the curve parameter s, off = s < 0): at the start the diode current and
// voltage form an algebraic loop with the relation, a mixed system. The
// capacitor starts charged above the source, so the diode starts blocking.
model IdealRectifier
  parameter Real R = 100, C = 1e-3, Ron = 1e-5, Goff = 1e-5, f = 50;
  Real vs "source voltage";
  Real vd "diode voltage";
  Real id "diode current";
  Real s(start = 0) "diode curve parameter";
  Boolean off;
  Real vc(start = 5, fixed = true) "capacitor voltage";
equation
  vs = 10 * sin(2 * Modelica.Constants.pi * f * time);
  off = s < 0;
  vd = s * (if off then 1 else Ron);
  id = s * (if off then Goff else 1);
  vs - vd = vc;
  C * der(vc) = id - vc / R;
  annotation(experiment(StopTime = 0.06));
end IdealRectifier;
