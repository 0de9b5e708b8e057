// RUN: mocc flatten --emit=plan %s
model Loop "a nonlinear algebraic loop of three unknowns, torn"
  Real x(start = 1, fixed = true);
  Real a(start = 1), b, c;
equation
  der(x) = -a;
  a = b + sin(c);
  b = c * x;
  c = a + exp(-b) + time;
end Loop;

// CHECK:STDOUT: plan Loop: 5 slots, 5 kernels
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual (jvp)
// CHECK:STDOUT:   a := b + sin(c)
// CHECK:STDOUT:   res[0] := b - c * x
// CHECK:STDOUT:   res[1] := c - (a + exp(-b) + time)
// CHECK:STDOUT:   res[2] := der(x) + a
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_parameters
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_start
// CHECK:STDOUT:   x := 1
// CHECK:STDOUT:   a := 1
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_1 (jvp)
// CHECK:STDOUT:   c := a + exp(-b) + time
// CHECK:STDOUT:   res[0] := a - (b + sin(c))
// CHECK:STDOUT:   res[1] := b - c * x
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_batch_0
// CHECK:STDOUT:   case 0
// CHECK:STDOUT:     x := 1
// CHECK:STDOUT:   case 1
// CHECK:STDOUT:     der(x) := -a
// CHECK:STDOUT:
// CHECK:STDOUT: parameters: mocc_parameters
// CHECK:STDOUT: constant slots: {}
// CHECK:STDOUT: start values: mocc_start
// CHECK:STDOUT:
// CHECK:STDOUT: initialization
// CHECK:STDOUT:   assign mocc_init_batch_0 case 0
// CHECK:STDOUT:   solve mocc_init_1 for {a, b}
// CHECK:STDOUT:     jacobian 2 x 2, 4 nonzeros, 2 colors; assigns {c}
// CHECK:STDOUT:     the system of 3 equation(s) for `a`, `b`
// CHECK:STDOUT:   assign mocc_init_batch_0 case 1
// CHECK:STDOUT:
// CHECK:STDOUT: dae: residual mocc_residual
// CHECK:STDOUT:   y (y'): {b, c, x (der(x))}
// CHECK:STDOUT:   jacobian 3 x 3, 8 nonzeros, 3 colors
// CHECK:STDOUT:
// CHECK:STDOUT: experiment: start 0, stop 1, interval 0, tolerance 1e-06
// CHECK:STDOUT: outputs
// CHECK:STDOUT:   x
// CHECK:STDOUT:   a
// CHECK:STDOUT:   b
// CHECK:STDOUT:   c
// CHECK:STDOUT:   der(x)
