// RUN: mocc flatten --emit=index-reduced %s
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

// CHECK:STDOUT: class AvoidWritten
// CHECK:STDOUT:   parameter Real J = 1;
// CHECK:STDOUT:   Real q1(start = 1, fixed = true, stateSelect = StateSelect.avoid);
// CHECK:STDOUT:   Real q2(start = 1.5, stateSelect = StateSelect.avoid);
// CHECK:STDOUT:   Real w1(start = -3, fixed = true, stateSelect = StateSelect.avoid);
// CHECK:STDOUT:   Real w2(stateSelect = StateSelect.avoid);
// CHECK:STDOUT:   Real c1;
// CHECK:STDOUT:   Real c2 "cosines of the angles";
// CHECK:STDOUT:   Real lambda "constraint force";
// CHECK:STDOUT:   // index reduction: 4 alias variable(s) removed, 6 equation(s) differentiated
// CHECK:STDOUT:   // alias variables (not in the reduced system; computed from the others):
// CHECK:STDOUT:   //   w1 = der(q1)
// CHECK:STDOUT:   //   der(w1) = der(der(q1))
// CHECK:STDOUT:   //   w2 = der(q2)
// CHECK:STDOUT:   //   der(w2) = der(der(q2))
// CHECK:STDOUT:   // states: q1, der(q1)
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): der(q2), der(der(q2)), der(c1), der(c2), der(der(c1)), der(der(c2))
// CHECK:STDOUT:   // dynamic state selection between 2 sets of states:
// CHECK:STDOUT:   //   set 1: q1, der(q1); dummy derivatives der(q2), der(der(q2)), der(c1), der(c2), der(der(c1)), der(der(c2))
// CHECK:STDOUT:   //   set 2: q2, der(q2); dummy derivatives der(q1), der(der(q1)), der(c1), der(c2), der(der(c1)), der(der(c2))
// CHECK:STDOUT: equation
// CHECK:STDOUT:   J * der(der(q1)) = -lambda * sin(q1) - 0.1 * der(q1);
// CHECK:STDOUT:   J * der(der(q2)) = lambda * sin(q2);
// CHECK:STDOUT:   c1 = cos(q1);
// CHECK:STDOUT:   c2 = cos(q2);
// CHECK:STDOUT:   c1 = c2 + 0.5;
// CHECK:STDOUT:   // added by index reduction (equation numbers count from 1 above):
// CHECK:STDOUT:   der(c1) = -sin(q1) * der(q1); // d/dt of equation 3
// CHECK:STDOUT:   der(c2) = -sin(q2) * der(q2); // d/dt of equation 4
// CHECK:STDOUT:   der(c1) = der(c2); // d/dt of equation 5
// CHECK:STDOUT:   der(der(c1)) = -(cos(q1) * der(q1) * der(q1) + sin(q1) * der(der(q1))); // d/dt of equation 6
// CHECK:STDOUT:   der(der(c2)) = -(cos(q2) * der(q2) * der(q2) + sin(q2) * der(der(q2))); // d/dt of equation 7
// CHECK:STDOUT:   der(der(c1)) = der(der(c2)); // d/dt of equation 8
// CHECK:STDOUT: end AvoidWritten;
