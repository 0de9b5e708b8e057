// RUN: mocc flatten --emit=plan %s
model Reciprocal "an unknown in a divisor alone: R = 1 / G is solved as R * G = 1 (G := 1 / R), not iterated from G's start value 0"
  parameter Real c = 0.25;
  Real R = 2 + time;
  Real G "R = 1 / G";
  Real H "c / (2 * H - 1) = R: H := (c + R) / (2 R)";
  Real K "K in a divisor and outside it: iterated";
equation
  R = 1 / G;
  c / (2 * H - 1) = R;
  R = K + 1 / K;
end Reciprocal;

// CHECK:STDOUT: plan Reciprocal: 5 slots, 5 kernels
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual (jvp)
// CHECK:STDOUT:   R := 2 + time
// CHECK:STDOUT:   G := 1 / R
// CHECK:STDOUT:   H := (c + R) / (R * 2)
// CHECK:STDOUT:   res[0] := R - (K + 1 / K)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_parameters
// CHECK:STDOUT:   c := 0.25
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_start
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_0
// CHECK:STDOUT:   R := 2 + time
// CHECK:STDOUT:   G := 1 / R
// CHECK:STDOUT:   H := (c + R) / (R * 2)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_1 (jvp)
// CHECK:STDOUT:   res[0] := R - (K + 1 / K)
// CHECK:STDOUT:
// CHECK:STDOUT: parameters: mocc_parameters
// CHECK:STDOUT: constant slots: {c}
// CHECK:STDOUT: start values: mocc_start
// CHECK:STDOUT:
// CHECK:STDOUT: initialization
// CHECK:STDOUT:   assign mocc_init_0
// CHECK:STDOUT:   solve mocc_init_1 for {K}
// CHECK:STDOUT:     jacobian 1 x 1, 1 nonzeros, 1 colors; assigns {}
// CHECK:STDOUT:     the system of 1 equation(s) for `K`
// CHECK:STDOUT:
// CHECK:STDOUT: dae: residual mocc_residual
// CHECK:STDOUT:   y (y'): {K}
// CHECK:STDOUT:   jacobian 1 x 1, 1 nonzeros, 1 colors
// CHECK:STDOUT:
// CHECK:STDOUT: experiment: start 0, stop 1, interval 0, tolerance 1e-06
// CHECK:STDOUT: outputs
// CHECK:STDOUT:   c (parameter)
// CHECK:STDOUT:   R
// CHECK:STDOUT:   G
// CHECK:STDOUT:   H
// CHECK:STDOUT:   K
