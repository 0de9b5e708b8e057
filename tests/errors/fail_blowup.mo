// RUN: mocc simulate %s -o blowup_res.csv
// The solution 1 / (1 - t) has no value at t = 1: the solver fails near
// there, the run exits with code 3, and no result file is left behind.
model Blowup
  Real x(start = 1, fixed = true);
equation
  der(x) = x^2;
  annotation(experiment(StopTime = 2));
end Blowup;

// CHECK:EXIT: 3
// CHECK:STDERR: mocc: error: simulation failed at time t = 0.999978: the residual of the equation at fail_blowup.mo:7:3 is inf: `der(x)` is inf
