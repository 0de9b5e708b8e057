// RUN: mocc flatten %s
model ClockedIfEquation "an if-equation with a varying condition in a clocked partition (the MSL's Clocked IntegerChange): its residual, if c then y - e1 else y - e2, is solved branch by branch for the Boolean and the Integer it assigns"
  Clock c = Clock(0.1);
  Integer u(start = 0);
  Boolean y;
  Integer v;
equation
  u = sample(integer(time * 5), c);
  if firstTick() then
    y = false;
  else
    y = not (u == previous(u));
  end if;
  if firstTick(u) then
    v = 1;
  else
    2 * u + previous(u) = v;
  end if;
end ClockedIfEquation;

// CHECK:STDOUT: class ClockedIfEquation
// CHECK:STDOUT:   constant Boolean c = true;
// CHECK:STDOUT:   Integer u(start = 0);
// CHECK:STDOUT:   Boolean y;
// CHECK:STDOUT:   Integer v;
// CHECK:STDOUT:   protected constant Boolean Clock(0) = true;
// CHECK:STDOUT:   protected Integer sample(floor(time * 5));
// CHECK:STDOUT:   protected Boolean firstTick();
// CHECK:STDOUT:   protected Boolean firstTick(u);
// CHECK:STDOUT:   protected Integer ticks(Clock(0))(start = 0);
// CHECK:STDOUT:   protected Boolean ticked(u)(start = 0);
// CHECK:STDOUT: equation
// CHECK:STDOUT:   when sample(0, 0.1) then
// CHECK:STDOUT:     ticks(Clock(0)) = pre(ticks(Clock(0))) + 1;
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   when sample(0, 0.1) then
// CHECK:STDOUT:     sample(floor(time * 5)) = floor(time * 5);
// CHECK:STDOUT:     ticked(u) = 1;
// CHECK:STDOUT:     firstTick() = not pre(ticked(u));
// CHECK:STDOUT:     firstTick(u) = not pre(ticked(u));
// CHECK:STDOUT:     u = sample(floor(time * 5));
// CHECK:STDOUT:     y = if firstTick() then 0 else not u == pre(u);
// CHECK:STDOUT:     v = if firstTick(u) then 1 else 2 * u + pre(u);
// CHECK:STDOUT:   end when;
// CHECK:STDOUT: end ClockedIfEquation;
