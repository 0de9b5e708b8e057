// RUN: mocc flatten --emit=plan %s
model Homotopy "the run solves the actual equations; initialization the blend that the runtime follows from lambda = 0 (simplified) to 1"
  Real x(start = 0);
  Real y(start = 1, fixed = true);
equation
  0 = homotopy(sin(x) * (x - 100), x - 100);
  der(y) = -y + homotopy(x / 100, 2);
end Homotopy;

// CHECK:STDOUT: plan Homotopy: 4 slots, 5 kernels
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual (jvp)
// CHECK:STDOUT:   res[0] := -sin(x) * (x - 100)
// CHECK:STDOUT:   res[1] := der(y) - (-y + x / 100)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_parameters
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_start
// CHECK:STDOUT:   x := 0
// CHECK:STDOUT:   y := 1
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_0 (jvp)
// CHECK:STDOUT:   res[0] := -(homotopy(sin(x) * (x - 100), x - 100))
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_1
// CHECK:STDOUT:   y := 1
// CHECK:STDOUT:   der(y) := -y + (homotopy(x / 100, 2))
// CHECK:STDOUT:
// CHECK:STDOUT: parameters: mocc_parameters
// CHECK:STDOUT: constant slots: {}
// CHECK:STDOUT: start values: mocc_start
// CHECK:STDOUT:
// CHECK:STDOUT: initialization
// CHECK:STDOUT:   solve mocc_init_0 for {x}
// CHECK:STDOUT:     jacobian 1 x 1, 1 nonzeros, 1 colors; assigns {}
// CHECK:STDOUT:     the system of 1 equation(s) for `x`
// CHECK:STDOUT:   assign mocc_init_1
// CHECK:STDOUT:
// CHECK:STDOUT: dae: residual mocc_residual
// CHECK:STDOUT:   y (y'): {x, y (der(y))}
// CHECK:STDOUT:   jacobian 2 x 2, 3 nonzeros, 2 colors
// CHECK:STDOUT:
// CHECK:STDOUT: events
// CHECK:STDOUT:   homotopy lambda: $homotopyLambda
// CHECK:STDOUT:
// CHECK:STDOUT: experiment: start 0, stop 1, interval 0, tolerance 1e-06
// CHECK:STDOUT: outputs
// CHECK:STDOUT:   x
// CHECK:STDOUT:   y
// CHECK:STDOUT:   der(y)
