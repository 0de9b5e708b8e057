// RUN: mocc flatten --emit=plan %s
model ExplicitODEs "explicit ODEs c * der(x) = f in the shapes the solver's shortcut takes"
  parameter Real C = 3;
  Boolean locked = time > 0.5;
  Real f(start = 6, fixed = true);
  Real a(start = 1, fixed = true);
  Real b(start = 2, fixed = true);
  Real c(start = 3, fixed = true);
  Real d(start = 4, fixed = true);
  Real e(start = 5, fixed = true);
equation
  der(a) = -a;
  C * der(b) = a - b;
  2 * der(c) + b = -c;
  (if locked then 0 else 2) * der(d) + (if locked then d - c else 0) = c - d;
  -e = der(e) * C;
  (if locked then 1 else 2) * der(f) = e - f;
end ExplicitODEs;

// CHECK:STDOUT: plan ExplicitODEs: 19 slots, 7 kernels
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual (jvp)
// CHECK:STDOUT:   locked := $rel0(time > 0.5)
// CHECK:STDOUT:   res[0] := der(a) + a
// CHECK:STDOUT:   res[1] := der(b) - (a - b) / C
// CHECK:STDOUT:   res[2] := der(c) - (-c - b) / 2
// CHECK:STDOUT:   res[3] := (if locked then 0 else 2) * der(d) + (if locked then d - c else 0) - (c - d)
// CHECK:STDOUT:   res[4] := der(e) - e / (-C)
// CHECK:STDOUT:   res[5] := der(f) - (e - f) / (if locked then 1 else 2)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_relations
// CHECK:STDOUT:   $rel0(time > 0.5) := time >= 0.5
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_event_update
// CHECK:STDOUT:   $rel0(time > 0.5) := time >= 0.5
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_parameters
// CHECK:STDOUT:   C := 3
// CHECK:STDOUT:   $time0.start := 0.5
// CHECK:STDOUT:   $time0.interval := 1e+300
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_start
// CHECK:STDOUT:   f := 6
// CHECK:STDOUT:   a := 1
// CHECK:STDOUT:   b := 2
// CHECK:STDOUT:   c := 3
// CHECK:STDOUT:   d := 4
// CHECK:STDOUT:   e := 5
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_1 (jvp)
// CHECK:STDOUT:   res[0] := (if locked then 0 else 2) * der(d) + (if locked then d - c else 0) - (c - d)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_batch_0
// CHECK:STDOUT:   case 0
// CHECK:STDOUT:     $rel0(time > 0.5) := time > 0.5
// CHECK:STDOUT:     a := 1
// CHECK:STDOUT:     b := 2
// CHECK:STDOUT:     c := 3
// CHECK:STDOUT:     d := 4
// CHECK:STDOUT:     e := 5
// CHECK:STDOUT:     f := 6
// CHECK:STDOUT:     locked := $rel0(time > 0.5)
// CHECK:STDOUT:     der(a) := -a
// CHECK:STDOUT:     der(b) := (a - b) / C
// CHECK:STDOUT:     der(c) := (-c - b) / 2
// CHECK:STDOUT:   case 1
// CHECK:STDOUT:     der(e) := e / (-C)
// CHECK:STDOUT:     der(f) := (e - f) / (if locked then 1 else 2)
// CHECK:STDOUT:     pre($rel0(time > 0.5)) := $rel0(time > 0.5)
// CHECK:STDOUT:
// CHECK:STDOUT: parameters: mocc_parameters
// CHECK:STDOUT: constant slots: {C, $time0.start, $time0.interval}
// CHECK:STDOUT: start values: mocc_start
// CHECK:STDOUT:
// CHECK:STDOUT: initialization
// CHECK:STDOUT:   assign mocc_init_batch_0 case 0
// CHECK:STDOUT:   solve mocc_init_1 for {der(d)}
// CHECK:STDOUT:     jacobian 1 x 1, 1 nonzeros, 1 colors; assigns {}
// CHECK:STDOUT:     the system of 1 equation(s) for `der(d)`
// CHECK:STDOUT:   assign mocc_init_batch_0 case 1
// CHECK:STDOUT:
// CHECK:STDOUT: dae: residual mocc_residual
// CHECK:STDOUT:   y (y'): {a (der(a)), b (der(b)), c (der(c)), d (der(d)), e (der(e)), f (der(f))}
// CHECK:STDOUT:   jacobian 6 x 6, 10 nonzeros, 2 colors
// CHECK:STDOUT:
// CHECK:STDOUT: events
// CHECK:STDOUT:   update: mocc_event_update
// CHECK:STDOUT:   relations: mocc_relations assigns {$rel0(time > 0.5)}
// CHECK:STDOUT:   pre($rel0(time > 0.5)) <- $rel0(time > 0.5)
// CHECK:STDOUT:   time event $time0.flag at $time0.start
// CHECK:STDOUT:
// CHECK:STDOUT: experiment: start 0, stop 1, interval 0, tolerance 1e-06
// CHECK:STDOUT: outputs
// CHECK:STDOUT:   C (parameter)
// CHECK:STDOUT:   locked
// CHECK:STDOUT:   f
// CHECK:STDOUT:   a
// CHECK:STDOUT:   b
// CHECK:STDOUT:   c
// CHECK:STDOUT:   d
// CHECK:STDOUT:   e
// CHECK:STDOUT:   der(a)
// CHECK:STDOUT:   der(b)
// CHECK:STDOUT:   der(c)
// CHECK:STDOUT:   der(d)
// CHECK:STDOUT:   der(e)
// CHECK:STDOUT:   der(f)
