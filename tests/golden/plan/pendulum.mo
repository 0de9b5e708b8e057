// RUN: mocc flatten --emit=plan %s
model Pendulum "a pendulum in Cartesian coordinates: index 3, two state sets"
  parameter Real L = 1, g = 9.81;
  Real x(start = 1), y(start = 0, fixed = true), vx, vy(start = 0, fixed = true), F;
equation
  der(x) = vx;
  der(y) = vy;
  der(vx) = -F * x / L;
  der(vy) = -F * y / L - g;
  x^2 + y^2 = L^2;
end Pendulum;

// CHECK:STDOUT: plan Pendulum: 15 slots, 8 kernels
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual (jvp of the first 6 steps)
// CHECK:STDOUT:   res[0] := x^2 + y^2 - L^2
// CHECK:STDOUT:   der(y) := (-2 * x * der(x)) / (2 * y)
// CHECK:STDOUT:   der(der(y)) := -F * y / L - g
// CHECK:STDOUT:   res[1] := der(der(x)) + F * x / L
// CHECK:STDOUT:   res[2] := 2 * der(x) * der(x) + 2 * x * der(der(x)) + (2 * der(y) * der(y) + 2 * y * der(der(y)))
// CHECK:STDOUT:   res[3] := $der(x) - der(x)
// CHECK:STDOUT:   $der(y) := der(y)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual_1 (jvp of the first 6 steps)
// CHECK:STDOUT:   res[0] := x^2 + y^2 - L^2
// CHECK:STDOUT:   der(x) := (-2 * y * der(y)) / (2 * x)
// CHECK:STDOUT:   der(der(x)) := -F * x / L
// CHECK:STDOUT:   res[1] := der(der(y)) - (-F * y / L - g)
// CHECK:STDOUT:   res[2] := 2 * der(x) * der(x) + 2 * x * der(der(x)) + (2 * der(y) * der(y) + 2 * y * der(der(y)))
// CHECK:STDOUT:   res[3] := $der(y) - der(y)
// CHECK:STDOUT:   $der(x) := der(x)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_state_pivots (jvp)
// CHECK:STDOUT:   res[0] := 2 * x * der(x) + 2 * y * der(y)
// CHECK:STDOUT:   res[1] := 2 * der(x) * der(x) + 2 * x * der(der(x)) + (2 * der(y) * der(y) + 2 * y * der(der(y)))
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_parameters
// CHECK:STDOUT:   L := 1
// CHECK:STDOUT:   g := 9.81
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_start
// CHECK:STDOUT:   x := 1
// CHECK:STDOUT:   y := 0
// CHECK:STDOUT:   vy := 0
// CHECK:STDOUT:   der(y) := 0
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_batch_0
// CHECK:STDOUT:   case 0
// CHECK:STDOUT:     y := 0
// CHECK:STDOUT:     der(y) := 0
// CHECK:STDOUT:   case 1
// CHECK:STDOUT:     der(x) := (-2 * y * der(y)) / (2 * x)
// CHECK:STDOUT:   case 2
// CHECK:STDOUT:     vx := der(x)
// CHECK:STDOUT:     der(vx) := der(der(x))
// CHECK:STDOUT:     vy := der(y)
// CHECK:STDOUT:     der(vy) := der(der(y))
// CHECK:STDOUT:     $der(x) := der(x)
// CHECK:STDOUT:     $der(y) := der(y)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_batch_1 (jvp)
// CHECK:STDOUT:   case 0
// CHECK:STDOUT:     res[0] := x^2 + y^2 - L^2
// CHECK:STDOUT:   case 1
// CHECK:STDOUT:     der(der(x)) := -F * x / L
// CHECK:STDOUT:     der(der(y)) := -F * y / L - g
// CHECK:STDOUT:     res[0] := 2 * der(x) * der(x) + 2 * x * der(der(x)) + (2 * der(y) * der(y) + 2 * y * der(der(y)))
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_aliases
// CHECK:STDOUT:   vx := der(x)
// CHECK:STDOUT:   der(vx) := der(der(x))
// CHECK:STDOUT:   vy := der(y)
// CHECK:STDOUT:   der(vy) := der(der(y))
// CHECK:STDOUT:
// CHECK:STDOUT: parameters: mocc_parameters
// CHECK:STDOUT: constant slots: {L, g}
// CHECK:STDOUT: start values: mocc_start
// CHECK:STDOUT:
// CHECK:STDOUT: initialization
// CHECK:STDOUT:   assign mocc_init_batch_0 case 0
// CHECK:STDOUT:   solve mocc_init_batch_1 case 0 for {x}
// CHECK:STDOUT:     jacobian 1 x 1, 1 nonzeros, 1 colors; assigns {}
// CHECK:STDOUT:     the system of 1 equation(s) for `x`
// CHECK:STDOUT:   assign mocc_init_batch_0 case 1
// CHECK:STDOUT:   solve mocc_init_batch_1 case 1 for {F}
// CHECK:STDOUT:     jacobian 1 x 1, 1 nonzeros, 1 colors; assigns {der(der(x)), der(der(y))}
// CHECK:STDOUT:     the system of 3 equation(s) for `F`
// CHECK:STDOUT:   assign mocc_init_batch_0 case 2
// CHECK:STDOUT:
// CHECK:STDOUT: dae: residual mocc_residual
// CHECK:STDOUT:   y (y'): {y, der(x) (der(der(x))), F, x ($der(x))}
// CHECK:STDOUT:   jacobian 4 x 4, 11 nonzeros, 4 colors
// CHECK:STDOUT: aliases: mocc_aliases assigns {vx, der(vx), vy, der(vy)}
// CHECK:STDOUT:
// CHECK:STDOUT: state selection: pivot kernel mocc_state_pivots, 2 rows, columns {der(x), der(y), der(der(x)), der(der(y))}
// CHECK:STDOUT:   set 0: `x`, `der(x)`; residual mocc_residual
// CHECK:STDOUT:     y (y'): {y, der(x) (der(der(x))), F, x ($der(x))}
// CHECK:STDOUT:     jacobian 4 x 4, 11 nonzeros, 4 colors
// CHECK:STDOUT:     pivot block rows {0} columns {1}
// CHECK:STDOUT:     pivot block rows {1} columns {3}
// CHECK:STDOUT:   set 1: `y`, `der(y)`; residual mocc_residual_1
// CHECK:STDOUT:     y (y'): {x, der(y) (der(der(y))), F, y ($der(y))}
// CHECK:STDOUT:     jacobian 4 x 4, 11 nonzeros, 4 colors
// CHECK:STDOUT:     pivot block rows {0} columns {0}
// CHECK:STDOUT:     pivot block rows {1} columns {2}
// CHECK:STDOUT:
// CHECK:STDOUT: experiment: start 0, stop 1, interval 0, tolerance 1e-06
// CHECK:STDOUT: outputs
// CHECK:STDOUT:   L (parameter)
// CHECK:STDOUT:   g (parameter)
// CHECK:STDOUT:   x
// CHECK:STDOUT:   y
// CHECK:STDOUT:   vx = der(x)
// CHECK:STDOUT:   vy = der(y)
// CHECK:STDOUT:   F
// CHECK:STDOUT:   der(x)
// CHECK:STDOUT:   der(y)
// CHECK:STDOUT:   der(vx) = der(der(x))
// CHECK:STDOUT:   der(vy) = der(der(y))
