model TwoRotorSpring
  "Two inertias coupled by a stiff spring, undamped (ModelicaTest.MultiBody.InitializationConversion.Rotor1D's rotor1D9, spring2, rotor1D10): 25 periods of 0.044 s"
  parameter Real J = 1;
  parameter Real c = 1e4;
  Real phi1(start = 0.017453292519943, fixed = true);
  Real w1(start = 0.03490658503988659, fixed = true);
  Real a1(start = 0.05235987755982989, fixed = true);
  Real phi2;
  Real w2(start = 0, fixed = true);
  Real tau "the spring's torque on inertia 2";
equation
  der(phi1) = w1;
  der(w1) = a1;
  der(phi2) = w2;
  J * a1 = -tau;
  J * der(w2) = tau;
  tau = c * (phi1 - phi2);
  annotation(experiment(StopTime = 1.1, Interval = 0.0022));
end TwoRotorSpring;
