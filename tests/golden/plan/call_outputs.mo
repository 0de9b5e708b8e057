// RUN: mocc flatten --emit=plan %s
model CallOutputs "a when-statement assigns the outputs of one call: one Outputs step calls it once, under the conditions of its uses, and each assignment reads its own slot"
  function stats
    input Real u[:];
    output Integer n;
    output Real s[2];
  algorithm
    n := size(u, 1);
    s := {sum(u), max(u)};
  end stats;
  Integer i(start = 0, fixed = true);
  Integer n(start = 0, fixed = true);
  Real buf[3](each start = 0, each fixed = true);
  Real s[2](each start = 0, each fixed = true);
algorithm
  when sample(0, 0.1) then
    i := pre(i) + 1;
    if i <= 3 then
      buf[i] := time;
    end if;
  end when;
  when time >= 0.5 then
    if i < 3 then
      n := -1;
    else
      (n, s) := stats(buf);
    end if;
  end when;
end CallOutputs;

// CHECK:STDOUT: plan CallOutputs: 26 slots, 6 kernels
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual (jvp)
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_relations
// CHECK:STDOUT:   $rel0(time >= 0.5) := time >= 0.5
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_event_update
// CHECK:STDOUT:   $rel0(time >= 0.5) := time >= 0.5
// CHECK:STDOUT:   $cond0.0.0 := sample(0, 0.1)
// CHECK:STDOUT:   $cond1.0.0 := $rel0(time >= 0.5)
// CHECK:STDOUT:   i := if $cond0.0.0 and not pre($cond0.0.0) then pre(i) + 1 else i
// CHECK:STDOUT:   buf[1] := if $cond0.0.0 and not pre($cond0.0.0) then if pre(i) + 1 <= 3 and noEvent(not (pre(i) + 1 >= 1 and pre(i) + 1 <= 3)) then subscriptError(pre(i) + 1) else if pre(i) + 1 <= 3 and noEvent(pre(i) + 1 - 1 == 0) then time else pre(buf[1]) else buf[1]
// CHECK:STDOUT:   buf[2] := if $cond0.0.0 and not pre($cond0.0.0) then if pre(i) + 1 <= 3 and noEvent(pre(i) + 1 - 1 == 1) then time else pre(buf[2]) else buf[2]
// CHECK:STDOUT:   buf[3] := if $cond0.0.0 and not pre($cond0.0.0) then if pre(i) + 1 <= 3 and noEvent(pre(i) + 1 - 1 == 2) then time else pre(buf[3]) else buf[3]
// CHECK:STDOUT:   (n, s[1], s[2]) := if $cond1.0.0 and not pre($cond1.0.0) then if not i < 3 then CallOutputs.stats(buf[1:3]) else 0 else 0
// CHECK:STDOUT:   n := if $cond1.0.0 and not pre($cond1.0.0) then if not i < 3 then n else if i < 3 then -1 else pre(n) else n
// CHECK:STDOUT:   s[1] := if $cond1.0.0 and not pre($cond1.0.0) then if not i < 3 then s[1] else pre(s[1]) else s[1]
// CHECK:STDOUT:   s[2] := if $cond1.0.0 and not pre($cond1.0.0) then if not i < 3 then s[2] else pre(s[2]) else s[2]
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_parameters
// CHECK:STDOUT:   $sample0.start := 0
// CHECK:STDOUT:   $sample0.interval := 0.1
// CHECK:STDOUT:   $time0.start := 0.5
// CHECK:STDOUT:   $time0.interval := 1e+300
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_start
// CHECK:STDOUT:   i := 0
// CHECK:STDOUT:   n := 0
// CHECK:STDOUT:   buf[1] := 0
// CHECK:STDOUT:   buf[2] := 0
// CHECK:STDOUT:   buf[3] := 0
// CHECK:STDOUT:   s[1] := 0
// CHECK:STDOUT:   s[2] := 0
// CHECK:STDOUT:   pre(i) := 0
// CHECK:STDOUT:   pre(buf[1]) := 0
// CHECK:STDOUT:   pre(buf[2]) := 0
// CHECK:STDOUT:   pre(buf[3]) := 0
// CHECK:STDOUT:   pre(n) := 0
// CHECK:STDOUT:   pre(s[1]) := 0
// CHECK:STDOUT:   pre(s[2]) := 0
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_0
// CHECK:STDOUT:   $rel0(time >= 0.5) := time >= 0.5
// CHECK:STDOUT:   $cond0.0.0 := sample(0, 0.1)
// CHECK:STDOUT:   i := pre(i)
// CHECK:STDOUT:   n := pre(n)
// CHECK:STDOUT:   buf[1] := pre(buf[1])
// CHECK:STDOUT:   buf[2] := pre(buf[2])
// CHECK:STDOUT:   buf[3] := pre(buf[3])
// CHECK:STDOUT:   s[1] := pre(s[1])
// CHECK:STDOUT:   s[2] := pre(s[2])
// CHECK:STDOUT:   pre($rel0(time >= 0.5)) := $rel0(time >= 0.5)
// CHECK:STDOUT:   pre($cond0.0.0) := $cond0.0.0
// CHECK:STDOUT:   $cond1.0.0 := $rel0(time >= 0.5)
// CHECK:STDOUT:   pre($cond1.0.0) := $cond1.0.0
// CHECK:STDOUT:
// CHECK:STDOUT: parameters: mocc_parameters
// CHECK:STDOUT: constant slots: {$sample0.start, $sample0.interval, $time0.start, $time0.interval}
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
// CHECK:STDOUT:   relations: mocc_relations assigns {$rel0(time >= 0.5)}
// CHECK:STDOUT:   pre(i) <- i
// CHECK:STDOUT:   pre(buf[1]) <- buf[1]
// CHECK:STDOUT:   pre(buf[2]) <- buf[2]
// CHECK:STDOUT:   pre(buf[3]) <- buf[3]
// CHECK:STDOUT:   pre(n) <- n
// CHECK:STDOUT:   pre(s[1]) <- s[1]
// CHECK:STDOUT:   pre(s[2]) <- s[2]
// CHECK:STDOUT:   pre($cond0.0.0) <- $cond0.0.0
// CHECK:STDOUT:   pre($cond1.0.0) <- $cond1.0.0
// CHECK:STDOUT:   pre($rel0(time >= 0.5)) <- $rel0(time >= 0.5)
// CHECK:STDOUT:   sample sample(0, 0.1) at $sample0.start every $sample0.interval
// CHECK:STDOUT:   time event $time0.flag at $time0.start
// CHECK:STDOUT:
// CHECK:STDOUT: experiment: start 0, stop 1, interval 0, tolerance 1e-06
// CHECK:STDOUT: outputs
// CHECK:STDOUT:   i
// CHECK:STDOUT:   n
// CHECK:STDOUT:   buf[1]
// CHECK:STDOUT:   buf[2]
// CHECK:STDOUT:   buf[3]
// CHECK:STDOUT:   s[1]
// CHECK:STDOUT:   s[2]
