// RUN: mocc flatten --emit=index-reduced %s
model TooManyStateSets "five independent pendulums: 32 equally good choices of states, more than dynamic state selection takes"
  parameter Integer n = 5;
  Real x[n](each start = 0.6), y[n](each start = -0.8), F[n];
equation
  for i in 1:n loop
    der(der(x[i])) = -F[i] * x[i];
    der(der(y[i])) = -F[i] * y[i] - 9.81;
    x[i]^2 + y[i]^2 = 1;
  end for;
end TooManyStateSets;

// CHECK:STDOUT: class TooManyStateSets
// CHECK:STDOUT:   parameter Integer n = 5;
// CHECK:STDOUT:   Real x[1](start = 0.6);
// CHECK:STDOUT:   Real x[2](start = 0.6);
// CHECK:STDOUT:   Real x[3](start = 0.6);
// CHECK:STDOUT:   Real x[4](start = 0.6);
// CHECK:STDOUT:   Real x[5](start = 0.6);
// CHECK:STDOUT:   Real y[1](start = -0.8);
// CHECK:STDOUT:   Real y[2](start = -0.8);
// CHECK:STDOUT:   Real y[3](start = -0.8);
// CHECK:STDOUT:   Real y[4](start = -0.8);
// CHECK:STDOUT:   Real y[5](start = -0.8);
// CHECK:STDOUT:   Real F[1];
// CHECK:STDOUT:   Real F[2];
// CHECK:STDOUT:   Real F[3];
// CHECK:STDOUT:   Real F[4];
// CHECK:STDOUT:   Real F[5];
// CHECK:STDOUT:   // index reduction: 0 alias variable(s) removed, 10 equation(s) differentiated
// CHECK:STDOUT:   // states: x[1], x[2], x[3], x[4], x[5], der(x[1]), der(x[2]), der(x[3]), der(x[4]), der(x[5])
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): der(y[1]), der(der(y[1])), der(y[2]), der(der(y[2])), der(y[3]), der(der(y[3])), der(y[4]), der(der(y[4])), der(y[5]), der(der(y[5]))
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(der(x[1])) = -F[1] * x[1];
// CHECK:STDOUT:   der(der(y[1])) = -F[1] * y[1] - 9.81;
// CHECK:STDOUT:   x[1]^2 + y[1]^2 = 1;
// CHECK:STDOUT:   der(der(x[2])) = -F[2] * x[2];
// CHECK:STDOUT:   der(der(y[2])) = -F[2] * y[2] - 9.81;
// CHECK:STDOUT:   x[2]^2 + y[2]^2 = 1;
// CHECK:STDOUT:   der(der(x[3])) = -F[3] * x[3];
// CHECK:STDOUT:   der(der(y[3])) = -F[3] * y[3] - 9.81;
// CHECK:STDOUT:   x[3]^2 + y[3]^2 = 1;
// CHECK:STDOUT:   der(der(x[4])) = -F[4] * x[4];
// CHECK:STDOUT:   der(der(y[4])) = -F[4] * y[4] - 9.81;
// CHECK:STDOUT:   x[4]^2 + y[4]^2 = 1;
// CHECK:STDOUT:   der(der(x[5])) = -F[5] * x[5];
// CHECK:STDOUT:   der(der(y[5])) = -F[5] * y[5] - 9.81;
// CHECK:STDOUT:   x[5]^2 + y[5]^2 = 1;
// CHECK:STDOUT:   // added by index reduction (equation numbers count from 1 above):
// CHECK:STDOUT:   2 * x[1] * der(x[1]) + 2 * y[1] * der(y[1]) = 0; // d/dt of equation 3
// CHECK:STDOUT:   2 * der(x[1]) * der(x[1]) + 2 * x[1] * der(der(x[1])) + (2 * der(y[1]) * der(y[1]) + 2 * y[1] * der(der(y[1]))) = 0; // d/dt of equation 16
// CHECK:STDOUT:   2 * x[2] * der(x[2]) + 2 * y[2] * der(y[2]) = 0; // d/dt of equation 6
// CHECK:STDOUT:   2 * der(x[2]) * der(x[2]) + 2 * x[2] * der(der(x[2])) + (2 * der(y[2]) * der(y[2]) + 2 * y[2] * der(der(y[2]))) = 0; // d/dt of equation 18
// CHECK:STDOUT:   2 * x[3] * der(x[3]) + 2 * y[3] * der(y[3]) = 0; // d/dt of equation 9
// CHECK:STDOUT:   2 * der(x[3]) * der(x[3]) + 2 * x[3] * der(der(x[3])) + (2 * der(y[3]) * der(y[3]) + 2 * y[3] * der(der(y[3]))) = 0; // d/dt of equation 20
// CHECK:STDOUT:   2 * x[4] * der(x[4]) + 2 * y[4] * der(y[4]) = 0; // d/dt of equation 12
// CHECK:STDOUT:   2 * der(x[4]) * der(x[4]) + 2 * x[4] * der(der(x[4])) + (2 * der(y[4]) * der(y[4]) + 2 * y[4] * der(der(y[4]))) = 0; // d/dt of equation 22
// CHECK:STDOUT:   2 * x[5] * der(x[5]) + 2 * y[5] * der(y[5]) = 0; // d/dt of equation 15
// CHECK:STDOUT:   2 * der(x[5]) * der(x[5]) + 2 * x[5] * der(der(x[5])) + (2 * der(y[5]) * der(y[5]) + 2 * y[5] * der(der(y[5]))) = 0; // d/dt of equation 24
// CHECK:STDOUT: end TooManyStateSets;
// CHECK:STDERR: too_many_state_sets.mo:2:7: warning: dynamic state selection was not attempted: at least 32 choices of states are equally good; using the states `x[1]`, `x[2]`, `x[3]`, `x[4]`, `x[5]`, `der(x[1])`, `der(x[2])`, `der(x[3])`, ... (stateSelect = StateSelect.prefer on some variables narrows the choice)
// CHECK:STDERR: model TooManyStateSets "five independent pendulums: 32 equally good choices of states, more than dynamic state selection takes"
// CHECK:STDERR:       ^~~~~~~~~~~~~~~~
