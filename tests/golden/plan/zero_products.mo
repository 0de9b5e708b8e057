// RUN: mocc flatten --emit=plan %s
model ZeroProducts "a resistance that a function makes 0: i * R = v - vi determines vi = v (an index-2 constraint on the capacitor's voltage), not i = (v - vi) / R"
  function positivePart
    input Real a;
    output Real r;
  algorithm
    r := if a > 0 then a else 0;
  end positivePart;
  parameter Real a = -1;
  final parameter Real R = positivePart(a);
  parameter Real C = 1e-3;
  Real v = sin(time);
  Real vi, i, ic;
equation
  i * R = v - vi;
  ic = C * der(vi);
  i = ic + vi / 10;
end ZeroProducts;

// CHECK:STDOUT: plan ZeroProducts: 8 slots, 5 kernels
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual (jvp)
// CHECK:STDOUT:   vi := sin(time)
// CHECK:STDOUT:   der(vi) := cos(time)
// CHECK:STDOUT:   ic := C * der(vi)
// CHECK:STDOUT:   i := ic + vi / 10
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_parameters
// CHECK:STDOUT:   a := -1
// CHECK:STDOUT:   C := 0.001
// CHECK:STDOUT:   R := ZeroProducts.positivePart(a)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_start
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_0
// CHECK:STDOUT:   vi := sin(time)
// CHECK:STDOUT:   der(vi) := cos(time)
// CHECK:STDOUT:   ic := C * der(vi)
// CHECK:STDOUT:   i := ic + vi / 10
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_aliases
// CHECK:STDOUT:   v := vi
// CHECK:STDOUT:
// CHECK:STDOUT: parameters: mocc_parameters
// CHECK:STDOUT: constant slots: {a, C, R}
// CHECK:STDOUT: start values: mocc_start
// CHECK:STDOUT:
// CHECK:STDOUT: initialization
// CHECK:STDOUT:   assign mocc_init_0
// CHECK:STDOUT:
// CHECK:STDOUT: dae: residual mocc_residual
// CHECK:STDOUT:   y (y'): {}
// CHECK:STDOUT:   jacobian 0 x 0, 0 nonzeros, 0 colors
// CHECK:STDOUT: aliases: mocc_aliases assigns {v}
// CHECK:STDOUT:
// CHECK:STDOUT: experiment: start 0, stop 1, interval 0, tolerance 1e-06
// CHECK:STDOUT: outputs
// CHECK:STDOUT:   a (parameter)
// CHECK:STDOUT:   R (parameter)
// CHECK:STDOUT:   C (parameter)
// CHECK:STDOUT:   v = vi
// CHECK:STDOUT:   vi
// CHECK:STDOUT:   i
// CHECK:STDOUT:   ic
// CHECK:STDOUT:   der(vi)
