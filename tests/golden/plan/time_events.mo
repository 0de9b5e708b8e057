// RUN: mocc flatten --emit=plan %s
model TimeEvents "time events of relations: one at a parameter's instant, one whose instant moves (time >= pre(next))"
  parameter Real t0 = 0.5;
  discrete Real next(start = 0.2, fixed = true);
  Integer n(start = 0, fixed = true);
  Real y;
equation
  when time >= pre(next) then
    next = pre(next) + 0.2;
    n = pre(n) + 1;
  end when;
  y = if time >= t0 then 1 else 0;
end TimeEvents;

// CHECK:STDOUT: plan TimeEvents: 18 slots, 6 kernels
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual (jvp)
// CHECK:STDOUT:   y := if $rel0(time >= t0) then 1 else 0
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_relations
// CHECK:STDOUT:   $rel0(time >= t0) := time >= t0
// CHECK:STDOUT:   $rel1(time >= pre(next)) := time >= pre(next)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_event_update
// CHECK:STDOUT:   $rel0(time >= t0) := time >= t0
// CHECK:STDOUT:   $rel1(time >= pre(next)) := time >= pre(next)
// CHECK:STDOUT:   $time1.start := pre(next)
// CHECK:STDOUT:   $cond0.0.0 := $rel1(time >= pre(next))
// CHECK:STDOUT:   next := if $cond0.0.0 and not pre($cond0.0.0) then pre(next) + 0.2 else next
// CHECK:STDOUT:   n := if $cond0.0.0 and not pre($cond0.0.0) then pre(n) + 1 else n
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_parameters
// CHECK:STDOUT:   t0 := 0.5
// CHECK:STDOUT:   $time0.interval := 1e+300
// CHECK:STDOUT:   $time1.interval := 1e+300
// CHECK:STDOUT:   $time0.start := t0
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_start
// CHECK:STDOUT:   next := 0.2
// CHECK:STDOUT:   n := 0
// CHECK:STDOUT:   pre(next) := 0.2
// CHECK:STDOUT:   pre(n) := 0
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_0
// CHECK:STDOUT:   $rel0(time >= t0) := time >= t0
// CHECK:STDOUT:   $rel1(time >= pre(next)) := time >= pre(next)
// CHECK:STDOUT:   next := pre(next)
// CHECK:STDOUT:   n := pre(n)
// CHECK:STDOUT:   y := if $rel0(time >= t0) then 1 else 0
// CHECK:STDOUT:   pre($rel0(time >= t0)) := $rel0(time >= t0)
// CHECK:STDOUT:   pre($rel1(time >= pre(next))) := $rel1(time >= pre(next))
// CHECK:STDOUT:   $cond0.0.0 := $rel1(time >= pre(next))
// CHECK:STDOUT:   pre($cond0.0.0) := $cond0.0.0
// CHECK:STDOUT:
// CHECK:STDOUT: parameters: mocc_parameters
// CHECK:STDOUT: constant slots: {t0, $time0.interval, $time1.interval, $time0.start}
// CHECK:STDOUT: start values: mocc_start
// CHECK:STDOUT:
// CHECK:STDOUT: initialization
// CHECK:STDOUT:   assign mocc_init_0
// CHECK:STDOUT:
// CHECK:STDOUT: dae: residual mocc_residual
// CHECK:STDOUT:   y (y'): {}
// CHECK:STDOUT:   jacobian 0 x 0, 0 nonzeros, 0 colors
// CHECK:STDOUT:
// CHECK:STDOUT: events
// CHECK:STDOUT:   update: mocc_event_update
// CHECK:STDOUT:   relations: mocc_relations assigns {$rel0(time >= t0), $rel1(time >= pre(next))}
// CHECK:STDOUT:   pre(next) <- next
// CHECK:STDOUT:   pre(n) <- n
// CHECK:STDOUT:   pre($cond0.0.0) <- $cond0.0.0
// CHECK:STDOUT:   pre($rel0(time >= t0)) <- $rel0(time >= t0)
// CHECK:STDOUT:   pre($rel1(time >= pre(next))) <- $rel1(time >= pre(next))
// CHECK:STDOUT:   time event $time0.flag at $time0.start
// CHECK:STDOUT:   time event $time1.flag at $time1.start, moving
// CHECK:STDOUT:
// CHECK:STDOUT: experiment: start 0, stop 1, interval 0, tolerance 1e-06
// CHECK:STDOUT: outputs
// CHECK:STDOUT:   t0 (parameter)
// CHECK:STDOUT:   next
// CHECK:STDOUT:   n
// CHECK:STDOUT:   y
