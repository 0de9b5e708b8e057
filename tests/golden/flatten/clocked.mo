// RUN: mocc flatten %s
model Clocked "a periodic clock of 1/10 s, a sub-clock of every third tick shifted by one tick, and a clocked when-clause: one tick grid of 1/10 s, each partition a when-clause on it"
  Clock fast = Clock(1, 10);
  Clock slow = shiftSample(subSample(fast, 3), 1, 3);
  Real u = time;
  Real x(start = 1);
  Real s;
  Integer n(start = 0);
  Real y;
  Real dt;
equation
  x = previous(x) + sample(u, fast);
  when slow then
    n = previous(n) + 1;
    s = shiftSample(subSample(x, 3), 1, 3) + 0 * n;
    dt = interval();
  end when;
  y = hold(s);
end Clocked;

// CHECK:STDOUT: class Clocked
// CHECK:STDOUT:   constant Boolean fast = true;
// CHECK:STDOUT:   constant Boolean slow = true;
// CHECK:STDOUT:   Real u;
// CHECK:STDOUT:   discrete Real x(start = 1);
// CHECK:STDOUT:   discrete Real s;
// CHECK:STDOUT:   Integer n(start = 0);
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT:   discrete Real dt;
// CHECK:STDOUT:   protected constant Boolean Clock(0) = true;
// CHECK:STDOUT:   protected constant Boolean subSample(fast) = true;
// CHECK:STDOUT:   protected constant Boolean shiftSample(subSample(fast)) = true;
// CHECK:STDOUT:   protected discrete Real sample(u);
// CHECK:STDOUT:   protected discrete Real subSample(x);
// CHECK:STDOUT:   protected discrete Real shiftSample(subSample(x));
// CHECK:STDOUT:   protected discrete Real interval();
// CHECK:STDOUT:   protected discrete Real hold(s);
// CHECK:STDOUT:   protected Integer ticks(Clock(0))(start = 0);
// CHECK:STDOUT: equation
// CHECK:STDOUT:   u = time;
// CHECK:STDOUT:   y = hold(s);
// CHECK:STDOUT:   when sample(0, 0.1) then
// CHECK:STDOUT:     ticks(Clock(0)) = pre(ticks(Clock(0))) + 1;
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when sample(0, 0.1) then
// CHECK:STDOUT:     sample(u) = pre(u);
// CHECK:STDOUT:     x = pre(x) + sample(u);
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when sample(0, 0.1) and (ticks(Clock(0)) - 1 - 1 >= 0 and mod(ticks(Clock(0)) - 1 - 1, 3) == 0) then
// CHECK:STDOUT:     shiftSample(subSample(x)) = subSample(x);
// CHECK:STDOUT:     hold(s) = s;
// CHECK:STDOUT:     s = shiftSample(subSample(x));
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when sample(0, 0.1) and (ticks(Clock(0)) - 1 - 1 >= 0 and mod(ticks(Clock(0)) - 1 - 1, 3) == 0) then
// CHECK:STDOUT:     n = pre(n) + 1;
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when sample(0, 0.1) and (ticks(Clock(0)) - 1 - 1 >= 0 and mod(ticks(Clock(0)) - 1 - 1, 3) == 0) then
// CHECK:STDOUT:     interval() = 0.3;
// CHECK:STDOUT:     dt = interval();
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when sample(0, 0.1) and (ticks(Clock(0)) - 1 >= 0 and mod(ticks(Clock(0)) - 1, 3) == 0) then
// CHECK:STDOUT:     subSample(x) = x;
// CHECK:STDOUT:   end when;
// CHECK:STDOUT: end Clocked;
