// RUN: mocc check %s
// Sub-clocks of an event clock count its ticks (MLS 16.5.2): it has no
// interval to divide (superSample), no fraction of a tick to shift by, and
// no tick before its first (backSample).
model EventClockSubClocks
  Clock c = Clock(sin(time) > 0);
  Real x = superSample(sample(time, c), 2);
  Real y = shiftSample(sample(2 * time, c), 1, 2);
  Real z = backSample(sample(3 * time, c), 1);
end EventClockSubClocks;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_clock_event_subclock.mo:7:8: error: the clocked partition of `x` has two different clocks: the event clock `Clock(sin(time) > 0)` and the clock of interval factor 1/2 and shift 0 relative to it, not a whole number of its ticks (an event clock is not super-sampled, and is shifted by whole ticks, MLS 16.5.2)
// CHECK:STDERR:   Real x = superSample(sample(time, c), 2);
// CHECK:STDERR:        ^
// CHECK:STDERR: fail_clock_event_subclock.mo:8:8: error: the clocked partition of `y` has two different clocks: the event clock `Clock(sin(time) > 0)` and the clock of interval factor 1 and shift 1/2 relative to it, not a whole number of its ticks (an event clock is not super-sampled, and is shifted by whole ticks, MLS 16.5.2)
// CHECK:STDERR:   Real y = shiftSample(sample(2 * time, c), 1, 2);
// CHECK:STDERR:        ^
// CHECK:STDERR: fail_clock_event_subclock.mo:9:8: error: the clock of the clocked partition of `z` ticks first at tick -1 of the event clock `Clock(sin(time) > 0)`, before the start of its base clock at its tick 0 (MLS 16.5.2)
// CHECK:STDERR:   Real z = backSample(sample(3 * time, c), 1);
// CHECK:STDERR:        ^
