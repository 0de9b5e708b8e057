// RUN: mocc simulate %s
// An algebraic loop without a real solution: one short line says which
// system did not converge and why; notes show its equations, where they
// are, and the homotopy's outcome (SUNDIALS' own words only with -v).
model InitializationNoSolution
  Real x(start = 1), y(start = 1), z(start = 0), w(start = 0);
equation
  x * x + y * y = -1 - z * z - w * w;
  x = y + z;
  z = sin(w);
  w = x - y + time;
end InitializationNoSolution;

// CHECK:EXIT: 3
// CHECK:STDERR: mocc: error: initialization failed at time 0: the nonlinear system of 4 equation(s) for `z`, `x` did not converge: the Jacobian of the equations is singular (scaled residual 0.75)
// CHECK:STDERR: fail_initialization_no_solution.mo:8:3: note: equation `x * x + y * y = -1 - z * z - w * w`
// CHECK:STDERR: fail_initialization_no_solution.mo:9:3: note: equation `x = y + z`
// CHECK:STDERR: fail_initialization_no_solution.mo:10:3: note: equation `z = sin(w)`
// CHECK:STDERR: note: and 1 more equation(s)
// CHECK:STDERR: note: a homotopy from the start values failed too: stopped at lambda = 0.3227: the line search found no step that reduces the residuals (a local minimum of their norm?)
// CHECK:STDERR: note: Levenberg-Marquardt from the start values failed too: the line search found no step that reduces the residuals (a local minimum of their norm?) (scaled residual 133.94318923433988)
