// RUN: mocc flatten --emit=plan %s
model Bounce "a ball bouncing: a zero crossing, reinit in a when-equation, pre, a sample clock"
  parameter Real e = 0.8;
  Real h(start = 1, fixed = true), v(start = 0, fixed = true);
  Integer bounces(start = 0, fixed = true);
  discrete Real tick(start = 0, fixed = true);
equation
  der(h) = v;
  der(v) = -9.81;
  when h < 0 then
    reinit(v, -e * pre(v));
    bounces = pre(bounces) + 1;
  end when;
  when sample(0, 0.25) then
    tick = pre(tick) + 1;
  end when;
  assert(bounces < 100, "too many bounces");
end Bounce;

// CHECK:STDOUT: plan Bounce: 21 slots, 10 kernels
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual (jvp of the first 2 steps)
// CHECK:STDOUT:   res[0] := der(der(h)) - (-9.81)
// CHECK:STDOUT:   res[1] := $der(h) - der(h)
// CHECK:STDOUT:   v := der(h)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_zero_crossings
// CHECK:STDOUT:   res[0] := 0.5 * h + 0.5 * (if $rel0(h < 0) then -1e-12 * (1 + abs(h)) else 1e-12 * (1 + abs(h)))
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_relations
// CHECK:STDOUT:   $rel0(h < 0) := h < 0
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_event_update
// CHECK:STDOUT:   $rel0(h < 0) := h < 0
// CHECK:STDOUT:   $cond1.0.0 := sample(0, 0.25)
// CHECK:STDOUT:   $cond0.0.0 := $rel0(h < 0)
// CHECK:STDOUT:   tick := if $cond1.0.0 and not pre($cond1.0.0) then pre(tick) + 1 else tick
// CHECK:STDOUT:   bounces := if $cond0.0.0 and not pre($cond0.0.0) then pre(bounces) + 1 else bounces
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_event_effects
// CHECK:STDOUT:   der(h) := if $cond0.0.0 and not pre($cond0.0.0) then -e * pre(v) else der(h)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_assertions
// CHECK:STDOUT:   assert bounces < 100 "too many bounces (at events.mo:17:3)"
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_parameters
// CHECK:STDOUT:   e := 0.8
// CHECK:STDOUT:   $sample0.start := 0
// CHECK:STDOUT:   $sample0.interval := 0.25
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_start
// CHECK:STDOUT:   h := 1
// CHECK:STDOUT:   v := 0
// CHECK:STDOUT:   bounces := 0
// CHECK:STDOUT:   tick := 0
// CHECK:STDOUT:   der(h) := 0
// CHECK:STDOUT:   pre(v) := 0
// CHECK:STDOUT:   pre(bounces) := 0
// CHECK:STDOUT:   pre(tick) := 0
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_0
// CHECK:STDOUT:   der(der(h)) := -9.81
// CHECK:STDOUT:   h := 1
// CHECK:STDOUT:   der(h) := 0
// CHECK:STDOUT:   $cond1.0.0 := sample(0, 0.25)
// CHECK:STDOUT:   bounces := pre(bounces)
// CHECK:STDOUT:   tick := pre(tick)
// CHECK:STDOUT:   $rel0(h < 0) := h < 0
// CHECK:STDOUT:   pre($rel0(h < 0)) := $rel0(h < 0)
// CHECK:STDOUT:   $cond0.0.0 := $rel0(h < 0)
// CHECK:STDOUT:   pre($cond0.0.0) := $cond0.0.0
// CHECK:STDOUT:   pre($cond1.0.0) := $cond1.0.0
// CHECK:STDOUT:   v := der(h)
// CHECK:STDOUT:   $der(h) := der(h)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_aliases
// CHECK:STDOUT:   der(v) := der(der(h))
// CHECK:STDOUT:
// CHECK:STDOUT: parameters: mocc_parameters
// CHECK:STDOUT: constant slots: {e, $sample0.start, $sample0.interval}
// CHECK:STDOUT: start values: mocc_start
// CHECK:STDOUT:
// CHECK:STDOUT: initialization
// CHECK:STDOUT:   assign mocc_init_0
// CHECK:STDOUT:
// CHECK:STDOUT: dae: residual mocc_residual
// CHECK:STDOUT:   y (y'): {der(h) (der(der(h))), h ($der(h))}
// CHECK:STDOUT:   jacobian 2 x 2, 3 nonzeros, 2 colors
// CHECK:STDOUT: aliases: mocc_aliases assigns {der(v)}
// CHECK:STDOUT:
// CHECK:STDOUT: events
// CHECK:STDOUT:   zero crossings: mocc_zero_crossings (1)
// CHECK:STDOUT:   update: mocc_event_update
// CHECK:STDOUT:   effects: mocc_event_effects
// CHECK:STDOUT:   relations: mocc_relations assigns {$rel0(h < 0)}
// CHECK:STDOUT:   assertions: mocc_assertions
// CHECK:STDOUT:   pre(v) <- v
// CHECK:STDOUT:   pre(bounces) <- bounces
// CHECK:STDOUT:   pre(tick) <- tick
// CHECK:STDOUT:   pre($cond0.0.0) <- $cond0.0.0
// CHECK:STDOUT:   pre($cond1.0.0) <- $cond1.0.0
// CHECK:STDOUT:   pre($rel0(h < 0)) <- $rel0(h < 0)
// CHECK:STDOUT:   sample sample(0, 0.25) at $sample0.start every $sample0.interval
// CHECK:STDOUT:
// CHECK:STDOUT: experiment: start 0, stop 1, interval 0, tolerance 1e-06
// CHECK:STDOUT: outputs
// CHECK:STDOUT:   e (parameter)
// CHECK:STDOUT:   h
// CHECK:STDOUT:   v = der(h)
// CHECK:STDOUT:   bounces
// CHECK:STDOUT:   tick
// CHECK:STDOUT:   der(h)
// CHECK:STDOUT:   der(v) = der(der(h))
