// RUN: mocc flatten %s
// interval() and firstTick() called in two partitions (the MSL's
// LogicalSample: one firstTick() in each of two clocked Boolean changes):
// each call is a variable of its own with a name of its own (interval(),
// interval(2), firstTick(), firstTick(2)), never two variables of one name.
model ClockedQueriesTwice
  Clock c1 = Clock(0.1);
  Clock c2 = Clock(0.25);
  Real u1, u2, d1, d2;
  Boolean f1, f2;
equation
  u1 = sample(time, c1);
  u2 = sample(2 * time, c2);
  d1 = interval() + u1;
  d2 = interval() + u2;
  f1 = firstTick() and u1 > 0;
  f2 = firstTick() and u2 > 0;
end ClockedQueriesTwice;

// CHECK:STDOUT: class ClockedQueriesTwice
// CHECK:STDOUT:   constant Boolean c1 = true;
// CHECK:STDOUT:   constant Boolean c2 = true;
// CHECK:STDOUT:   discrete Real u1;
// CHECK:STDOUT:   discrete Real u2;
// CHECK:STDOUT:   discrete Real d1;
// CHECK:STDOUT:   discrete Real d2;
// CHECK:STDOUT:   Boolean f1;
// CHECK:STDOUT:   Boolean f2;
// CHECK:STDOUT:   protected constant Boolean Clock(0) = true;
// CHECK:STDOUT:   protected constant Boolean Clock(1) = true;
// CHECK:STDOUT:   protected discrete Real sample(time);
// CHECK:STDOUT:   protected discrete Real sample(2 * time);
// CHECK:STDOUT:   protected discrete Real interval();
// CHECK:STDOUT:   protected discrete Real interval(2);
// CHECK:STDOUT:   protected Boolean firstTick();
// CHECK:STDOUT:   protected Boolean firstTick(2);
// CHECK:STDOUT:   protected Integer ticks(Clock(0))(start = 0);
// CHECK:STDOUT:   protected Integer ticks(Clock(1))(start = 0);
// CHECK:STDOUT:   protected Boolean ticked(u1)(start = 0);
// CHECK:STDOUT:   protected Boolean ticked(u2)(start = 0);
// CHECK:STDOUT: equation
// CHECK:STDOUT:   when sample(0, 0.1) then
// CHECK:STDOUT:     ticks(Clock(0)) = pre(ticks(Clock(0))) + 1;
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when sample(0, 0.25) then
// CHECK:STDOUT:     ticks(Clock(1)) = pre(ticks(Clock(1))) + 1;
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when sample(0, 0.1) then
// CHECK:STDOUT:     sample(time) = time;
// CHECK:STDOUT:     interval() = 0.1;
// CHECK:STDOUT:     ticked(u1) = 1;
// CHECK:STDOUT:     firstTick() = not pre(ticked(u1));
// CHECK:STDOUT:     u1 = sample(time);
// CHECK:STDOUT:     d1 = interval() + u1;
// CHECK:STDOUT:     f1 = firstTick() and u1 > 0;
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when sample(0, 0.25) then
// CHECK:STDOUT:     sample(2 * time) = 2 * time;
// CHECK:STDOUT:     interval(2) = 0.25;
// CHECK:STDOUT:     ticked(u2) = 1;
// CHECK:STDOUT:     firstTick(2) = not pre(ticked(u2));
// CHECK:STDOUT:     u2 = sample(2 * time);
// CHECK:STDOUT:     d2 = interval(2) + u2;
// CHECK:STDOUT:     f2 = firstTick(2) and u2 > 0;
// CHECK:STDOUT:   end when;
// CHECK:STDOUT: end ClockedQueriesTwice;
