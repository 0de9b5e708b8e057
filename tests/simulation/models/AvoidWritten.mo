model AvoidWritten "two rotors with angles that say avoid (like a Body's quaternions) and the cosines of their angles (like a rotation matrix), which a constraint couples: the cosines appear differentiated only after index reduction, so their default ranks below avoid (MLS 4.8.7.2: default is a state only if the variable appears differentiated) and the states are angles"
  parameter Real J = 1;
  Real q1(stateSelect = StateSelect.avoid, start = 1, fixed = true), q2(stateSelect = StateSelect.avoid, start = 1.5);
  Real w1(stateSelect = StateSelect.avoid, start = -3, fixed = true), w2(stateSelect = StateSelect.avoid);
  Real c1, c2 "cosines of the angles";
  Real lambda "constraint force";
equation
  w1 = der(q1);
  w2 = der(q2);
  J * der(w1) = -lambda * sin(q1) - 0.1 * w1;
  J * der(w2) = lambda * sin(q2);
  c1 = cos(q1);
  c2 = cos(q2);
  c1 = c2 + 0.5;
  annotation(experiment(StopTime = 3));
end AvoidWritten;
