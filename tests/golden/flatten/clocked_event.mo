// RUN: mocc flatten %s
model ClockedEvent "an event clock on a state event with a startInterval, a sub-clock of every second tick and one shifted by a tick (MLS 16.3, 16.5.2): one tick counter on the condition, each partition a when-clause on the condition and its ticks; interval() the time since the partition's last tick"
  Real x(start = 0);
  Clock c = Clock(x > 0.5, startInterval = 0.1);
  Integer n(start = 0);
  Real dt;
  Real y;
  Boolean odd;
equation
  der(x) = 1 - x;
  when c then
    n = previous(n) + 1;
    dt = interval();
  end when;
  y = hold(subSample(sample(x, c), 2));
  when shiftSample(c, 1) then
    odd = if firstTick() then false else not previous(odd);
  end when;
end ClockedEvent;

// CHECK:STDOUT: class ClockedEvent
// CHECK:STDOUT:   Real x(start = 0);
// CHECK:STDOUT:   constant Boolean c = true;
// CHECK:STDOUT:   Integer n(start = 0);
// CHECK:STDOUT:   discrete Real dt;
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT:   Boolean odd;
// CHECK:STDOUT:   protected constant Boolean Clock(0) = true;
// CHECK:STDOUT:   protected discrete Real interval();
// CHECK:STDOUT:   protected discrete Real sample(x);
// CHECK:STDOUT:   protected discrete Real subSample(sample(x));
// CHECK:STDOUT:   protected discrete Real hold(subSample(sample(x)));
// CHECK:STDOUT:   protected constant Boolean shiftSample(c) = true;
// CHECK:STDOUT:   protected Boolean firstTick();
// CHECK:STDOUT:   protected Integer ticks(Clock(0))(start = 0);
// CHECK:STDOUT:   protected Boolean ticked(dt)(start = 0);
// CHECK:STDOUT:   protected discrete Real lastTick(dt)(start = 0);
// CHECK:STDOUT:   protected Boolean ticked(odd)(start = 0);
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(x) = 1 - x;
// CHECK:STDOUT:   y = hold(subSample(sample(x)));
// CHECK:STDOUT:   when x > 0.5 and not initial() then
// CHECK:STDOUT:     ticks(Clock(0)) = pre(ticks(Clock(0))) + 1;
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when x > 0.5 and not initial() then
// CHECK:STDOUT:     n = pre(n) + 1;
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when x > 0.5 and not initial() then
// CHECK:STDOUT:     ticked(dt) = 1;
// CHECK:STDOUT:     lastTick(dt) = time;
// CHECK:STDOUT:     interval() = if pre(ticked(dt)) then time - pre(lastTick(dt)) else 0.1;
// CHECK:STDOUT:     dt = interval();
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when x > 0.5 and not initial() and (ticks(Clock(0)) - 1 - 1 >= 0 and mod(ticks(Clock(0)) - 1 - 1, 1) == 0) then
// CHECK:STDOUT:     ticked(odd) = 1;
// CHECK:STDOUT:     firstTick() = not pre(ticked(odd));
// CHECK:STDOUT:     odd = if firstTick() then 0 else not pre(odd);
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when x > 0.5 and not initial() then
// CHECK:STDOUT:     sample(x) = pre(x);
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when x > 0.5 and not initial() and (ticks(Clock(0)) - 1 >= 0 and mod(ticks(Clock(0)) - 1, 2) == 0) then
// CHECK:STDOUT:     subSample(sample(x)) = sample(x);
// CHECK:STDOUT:     hold(subSample(sample(x))) = subSample(sample(x));
// CHECK:STDOUT:   end when;
// CHECK:STDOUT: end ClockedEvent;
