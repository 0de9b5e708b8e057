// RUN: mocc flatten --emit=index-reduced %s
model TooManyStateSets "five independent pendulums: 32 equally good choices of states, more than dynamic state selection enumerates; one selection matrix per pendulum and level"
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
// CHECK:STDOUT:   protected Real $stateSet1.x[1];
// CHECK:STDOUT:   protected Real $stateSet2.x[1];
// CHECK:STDOUT:   protected Real $stateSet3.x[1];
// CHECK:STDOUT:   protected Real $stateSet4.x[1];
// CHECK:STDOUT:   protected Real $stateSet5.x[1];
// CHECK:STDOUT:   protected Real $stateSet6.x[1];
// CHECK:STDOUT:   protected Real $stateSet7.x[1];
// CHECK:STDOUT:   protected Real $stateSet8.x[1];
// CHECK:STDOUT:   protected Real $stateSet9.x[1];
// CHECK:STDOUT:   protected Real $stateSet10.x[1];
// CHECK:STDOUT:   // index reduction: 0 alias variable(s) removed, 35 equation(s) differentiated
// CHECK:STDOUT:   // states: $stateSet1.x[1], $stateSet2.x[1], $stateSet3.x[1], $stateSet4.x[1], $stateSet5.x[1], $stateSet6.x[1], $stateSet7.x[1], $stateSet8.x[1], $stateSet9.x[1], $stateSet10.x[1]
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): der(x[1]), der(der(x[1])), der(y[1]), der(der(y[1])), der(x[2]), der(der(x[2])), der(y[2]), der(der(y[2])), der(x[3]), der(der(x[3])), der(y[3]), der(der(y[3])), der(x[4]), der(der(x[4])), der(y[4]), der(der(y[4])), der(x[5]), der(der(x[5])), der(y[5]), der(der(y[5])), der(der($stateSet6.x[1])), der(der($stateSet7.x[1])), der(der($stateSet8.x[1])), der(der($stateSet9.x[1])), der(der($stateSet10.x[1]))
// CHECK:STDOUT:   // selection matrix 1: $stateSet1.x[1] = A * {der(x[1]), der(y[1])}, chosen at run time; at the start der(x[1])
// CHECK:STDOUT:   // selection matrix 2: $stateSet2.x[1] = A * {der(x[2]), der(y[2])}, chosen at run time; at the start der(x[2])
// CHECK:STDOUT:   // selection matrix 3: $stateSet3.x[1] = A * {der(x[3]), der(y[3])}, chosen at run time; at the start der(x[3])
// CHECK:STDOUT:   // selection matrix 4: $stateSet4.x[1] = A * {der(x[4]), der(y[4])}, chosen at run time; at the start der(x[4])
// CHECK:STDOUT:   // selection matrix 5: $stateSet5.x[1] = A * {der(x[5]), der(y[5])}, chosen at run time; at the start der(x[5])
// CHECK:STDOUT:   // selection matrix 6: $stateSet6.x[1] = A * {x[1], y[1]}, chosen at run time; at the start x[1]
// CHECK:STDOUT:   // selection matrix 7: $stateSet7.x[1] = A * {x[2], y[2]}, chosen at run time; at the start x[2]
// CHECK:STDOUT:   // selection matrix 8: $stateSet8.x[1] = A * {x[3], y[3]}, chosen at run time; at the start x[3]
// CHECK:STDOUT:   // selection matrix 9: $stateSet9.x[1] = A * {x[4], y[4]}, chosen at run time; at the start x[4]
// CHECK:STDOUT:   // selection matrix 10: $stateSet10.x[1] = A * {x[5], y[5]}, chosen at run time; at the start x[5]
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
// CHECK:STDOUT:   $stateSet1.x[1] = $stateSet1.A[1,1] * der(x[1]) + $stateSet1.A[1,2] * der(y[1]);
// CHECK:STDOUT:   der($stateSet1.x[1]) = $stateSet1.A[1,1] * der(der(x[1])) + $stateSet1.A[1,2] * der(der(y[1])); // d/dt of equation 26
// CHECK:STDOUT:   $stateSet2.x[1] = $stateSet2.A[1,1] * der(x[2]) + $stateSet2.A[1,2] * der(y[2]);
// CHECK:STDOUT:   der($stateSet2.x[1]) = $stateSet2.A[1,1] * der(der(x[2])) + $stateSet2.A[1,2] * der(der(y[2])); // d/dt of equation 28
// CHECK:STDOUT:   $stateSet3.x[1] = $stateSet3.A[1,1] * der(x[3]) + $stateSet3.A[1,2] * der(y[3]);
// CHECK:STDOUT:   der($stateSet3.x[1]) = $stateSet3.A[1,1] * der(der(x[3])) + $stateSet3.A[1,2] * der(der(y[3])); // d/dt of equation 30
// CHECK:STDOUT:   $stateSet4.x[1] = $stateSet4.A[1,1] * der(x[4]) + $stateSet4.A[1,2] * der(y[4]);
// CHECK:STDOUT:   der($stateSet4.x[1]) = $stateSet4.A[1,1] * der(der(x[4])) + $stateSet4.A[1,2] * der(der(y[4])); // d/dt of equation 32
// CHECK:STDOUT:   $stateSet5.x[1] = $stateSet5.A[1,1] * der(x[5]) + $stateSet5.A[1,2] * der(y[5]);
// CHECK:STDOUT:   der($stateSet5.x[1]) = $stateSet5.A[1,1] * der(der(x[5])) + $stateSet5.A[1,2] * der(der(y[5])); // d/dt of equation 34
// CHECK:STDOUT:   $stateSet6.x[1] = $stateSet6.A[1,1] * x[1] + $stateSet6.A[1,2] * y[1];
// CHECK:STDOUT:   der($stateSet6.x[1]) = $stateSet6.A[1,1] * der(x[1]) + $stateSet6.A[1,2] * der(y[1]); // d/dt of equation 36
// CHECK:STDOUT:   der(der($stateSet6.x[1])) = $stateSet6.A[1,1] * der(der(x[1])) + $stateSet6.A[1,2] * der(der(y[1])); // d/dt of equation 37
// CHECK:STDOUT:   $stateSet7.x[1] = $stateSet7.A[1,1] * x[2] + $stateSet7.A[1,2] * y[2];
// CHECK:STDOUT:   der($stateSet7.x[1]) = $stateSet7.A[1,1] * der(x[2]) + $stateSet7.A[1,2] * der(y[2]); // d/dt of equation 39
// CHECK:STDOUT:   der(der($stateSet7.x[1])) = $stateSet7.A[1,1] * der(der(x[2])) + $stateSet7.A[1,2] * der(der(y[2])); // d/dt of equation 40
// CHECK:STDOUT:   $stateSet8.x[1] = $stateSet8.A[1,1] * x[3] + $stateSet8.A[1,2] * y[3];
// CHECK:STDOUT:   der($stateSet8.x[1]) = $stateSet8.A[1,1] * der(x[3]) + $stateSet8.A[1,2] * der(y[3]); // d/dt of equation 42
// CHECK:STDOUT:   der(der($stateSet8.x[1])) = $stateSet8.A[1,1] * der(der(x[3])) + $stateSet8.A[1,2] * der(der(y[3])); // d/dt of equation 43
// CHECK:STDOUT:   $stateSet9.x[1] = $stateSet9.A[1,1] * x[4] + $stateSet9.A[1,2] * y[4];
// CHECK:STDOUT:   der($stateSet9.x[1]) = $stateSet9.A[1,1] * der(x[4]) + $stateSet9.A[1,2] * der(y[4]); // d/dt of equation 45
// CHECK:STDOUT:   der(der($stateSet9.x[1])) = $stateSet9.A[1,1] * der(der(x[4])) + $stateSet9.A[1,2] * der(der(y[4])); // d/dt of equation 46
// CHECK:STDOUT:   $stateSet10.x[1] = $stateSet10.A[1,1] * x[5] + $stateSet10.A[1,2] * y[5];
// CHECK:STDOUT:   der($stateSet10.x[1]) = $stateSet10.A[1,1] * der(x[5]) + $stateSet10.A[1,2] * der(y[5]); // d/dt of equation 48
// CHECK:STDOUT:   der(der($stateSet10.x[1])) = $stateSet10.A[1,1] * der(der(x[5])) + $stateSet10.A[1,2] * der(der(y[5])); // d/dt of equation 49
// CHECK:STDOUT: end TooManyStateSets;
