// RUN: mocc flatten --emit=plan %s
model Decay "an ODE: one state, one explicit algebraic variable"
  parameter Real k = 2;
  Real x(start = 1, fixed = true);
  Real y;
equation
  y = k * x;
  der(x) = -y;
end Decay;

// CHECK:STDOUT: plan Decay: 4 slots, 4 kernels
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual (jvp)
// CHECK:STDOUT:   y := k * x
// CHECK:STDOUT:   res[0] := der(x) + y
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_parameters
// CHECK:STDOUT:   k := 2
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_start
// CHECK:STDOUT:   x := 1
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_0
// CHECK:STDOUT:   x := 1
// CHECK:STDOUT:   y := k * x
// CHECK:STDOUT:   der(x) := -y
// CHECK:STDOUT:
// CHECK:STDOUT: parameters: mocc_parameters
// CHECK:STDOUT: constant slots: {k}
// CHECK:STDOUT: start values: mocc_start
// CHECK:STDOUT:
// CHECK:STDOUT: initialization
// CHECK:STDOUT:   assign mocc_init_0
// CHECK:STDOUT:
// CHECK:STDOUT: dae: residual mocc_residual
// CHECK:STDOUT:   y (y'): {x (der(x))}
// CHECK:STDOUT:   jacobian 1 x 1, 1 nonzeros, 1 colors
// CHECK:STDOUT:
// CHECK:STDOUT: experiment: start 0, stop 1, interval 0, tolerance 1e-06
// CHECK:STDOUT: outputs
// CHECK:STDOUT:   k (parameter)
// CHECK:STDOUT:   x
// CHECK:STDOUT:   y
// CHECK:STDOUT:   der(x)
