// RUN: mocc check %s
// A dimension may use a size of the variable itself, which its binding
// gives (as Modelica.Blocks.Continuous.StateSpace: `A[:, size(A, 1)]`).
model SizeOfItself
  parameter Real A[:, size(A, 1)] = [-1, 0; 0, -2];
  Real x[size(A, 1)](each start = 1, each fixed = true);
equation
  der(x) = A*x;
end SizeOfItself;

// CHECK:STDOUT: Class SizeOfItself has 2 equation(s) and 2 variable(s).
