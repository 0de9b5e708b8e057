// RUN: mocc flatten --emit=plan %s
model ConstantPivots "two candidates tied by a linear equation with a parameter coefficient: the
  pivots of the state sets are constant, so the set chosen at the start holds all run (the
  pendulum's pivots, 2 x and 2 y, are not: pendulum.mo)"
  parameter Real k = 2;
  Real x(stateSelect = StateSelect.prefer, start = 1, fixed = true);
  Real y(stateSelect = StateSelect.prefer);
  Real vx(stateSelect = StateSelect.prefer, start = 0, fixed = true);
  Real vy(stateSelect = StateSelect.prefer);
equation
  x = k * y + 1;
  vx = der(x);
  vy = der(y);
  der(vx) + der(vy) = -x;
end ConstantPivots;

// CHECK:STDOUT: plan ConstantPivots: 13 slots, 8 kernels
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual (jvp of the first 5 steps)
// CHECK:STDOUT:   y := (1 - x) / (-k)
// CHECK:STDOUT:   der(der(y)) := -x - der(der(x))
// CHECK:STDOUT:   res[0] := der(der(x)) - k * der(der(y))
// CHECK:STDOUT:   der(y) := (-der(x)) / (-k)
// CHECK:STDOUT:   res[1] := $der(x) - der(x)
// CHECK:STDOUT:   $der(y) := der(y)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual_1 (jvp of the first 5 steps)
// CHECK:STDOUT:   x := k * y + 1
// CHECK:STDOUT:   der(der(x)) := -x - der(der(y))
// CHECK:STDOUT:   res[0] := der(der(x)) - k * der(der(y))
// CHECK:STDOUT:   der(x) := k * der(y)
// CHECK:STDOUT:   res[1] := $der(y) - der(y)
// CHECK:STDOUT:   $der(x) := der(x)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_state_pivots (jvp)
// CHECK:STDOUT:   res[0] := der(x) - k * der(y)
// CHECK:STDOUT:   res[1] := der(der(x)) - k * der(der(y))
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_parameters
// CHECK:STDOUT:   k := 2
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_start
// CHECK:STDOUT:   x := 1
// CHECK:STDOUT:   vx := 0
// CHECK:STDOUT:   der(x) := 0
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_1 (jvp)
// CHECK:STDOUT:   der(der(y)) := -x - der(der(x))
// CHECK:STDOUT:   res[0] := der(der(x)) - k * der(der(y))
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_batch_0
// CHECK:STDOUT:   case 0
// CHECK:STDOUT:     x := 1
// CHECK:STDOUT:     der(x) := 0
// CHECK:STDOUT:     y := (1 - x) / (-k)
// CHECK:STDOUT:   case 1
// CHECK:STDOUT:     der(y) := (-der(x)) / (-k)
// CHECK:STDOUT:     vx := der(x)
// CHECK:STDOUT:     der(vx) := der(der(x))
// CHECK:STDOUT:     vy := der(y)
// CHECK:STDOUT:     der(vy) := der(der(y))
// CHECK:STDOUT:     $der(x) := der(x)
// CHECK:STDOUT:     $der(y) := der(y)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_aliases
// CHECK:STDOUT:   vx := der(x)
// CHECK:STDOUT:   der(vx) := der(der(x))
// CHECK:STDOUT:   vy := der(y)
// CHECK:STDOUT:   der(vy) := der(der(y))
// CHECK:STDOUT:
// CHECK:STDOUT: parameters: mocc_parameters
// CHECK:STDOUT: constant slots: {k}
// CHECK:STDOUT: start values: mocc_start
// CHECK:STDOUT:
// CHECK:STDOUT: initialization
// CHECK:STDOUT:   assign mocc_init_batch_0 case 0
// CHECK:STDOUT:   solve mocc_init_1 for {der(der(x))}
// CHECK:STDOUT:     jacobian 1 x 1, 1 nonzeros, 1 colors; assigns {der(der(y))}
// CHECK:STDOUT:     the system of 2 equation(s) for `der(der(x))`
// CHECK:STDOUT:   assign mocc_init_batch_0 case 1
// CHECK:STDOUT:
// CHECK:STDOUT: dae: residual mocc_residual
// CHECK:STDOUT:   y (y'): {der(x) (der(der(x))), x ($der(x))}
// CHECK:STDOUT:   jacobian 2 x 2, 4 nonzeros, 2 colors
// CHECK:STDOUT: aliases: mocc_aliases assigns {vx, der(vx), vy, der(vy)}
// CHECK:STDOUT:
// CHECK:STDOUT: state selection: pivot kernel mocc_state_pivots, 2 rows, columns {der(x), der(y), der(der(x)), der(der(y))}; the sets' pivots are constant
// CHECK:STDOUT:   set 0: `x`, `der(x)`; residual mocc_residual
// CHECK:STDOUT:     y (y'): {der(x) (der(der(x))), x ($der(x))}
// CHECK:STDOUT:     jacobian 2 x 2, 4 nonzeros, 2 colors
// CHECK:STDOUT:     pivot block rows {0} columns {1}
// CHECK:STDOUT:     pivot block rows {1} columns {3}
// CHECK:STDOUT:   set 1: `y`, `der(y)`; residual mocc_residual_1
// CHECK:STDOUT:     y (y'): {der(y) (der(der(y))), y ($der(y))}
// CHECK:STDOUT:     jacobian 2 x 2, 4 nonzeros, 2 colors
// CHECK:STDOUT:     pivot block rows {0} columns {0}
// CHECK:STDOUT:     pivot block rows {1} columns {2}
// CHECK:STDOUT:
// CHECK:STDOUT: experiment: start 0, stop 1, interval 0, tolerance 1e-06
// CHECK:STDOUT: outputs
// CHECK:STDOUT:   k (parameter)
// CHECK:STDOUT:   x
// CHECK:STDOUT:   y
// CHECK:STDOUT:   vx = der(x)
// CHECK:STDOUT:   vy = der(y)
// CHECK:STDOUT:   der(x)
// CHECK:STDOUT:   der(y)
// CHECK:STDOUT:   der(vx) = der(der(x))
// CHECK:STDOUT:   der(vy) = der(der(y))
