// RUN: mocc check %s
// RUN: mocc flatten %s
// Elements of expandable connectors introduced by connections (MLS 9.1.3):
// bus.command, bus.doubled and bus.measured take the type of the other end;
// connect(bus, sub.bus) augments each bus with the other's elements, so
// sub.bus gains command and doubled, bus gains measured. bus.command is
// read only by an input: an input of the model.
connector RealInput = input Real;
connector RealOutput = output Real;
expandable connector Bus
end Bus;
block Gain
  RealInput u;
  RealOutput y;
equation
  y = 2*u;
end Gain;
block Source
  RealOutput y;
equation
  y = time;
end Source;
block Sub
  Bus bus;
  Gain g;
equation
  connect(bus.measured, g.u);
end Sub;
model ExpandableIntroduced
  Bus bus;
  Source src;
  Gain a;
  Gain b;
  Sub sub;
equation
  connect(bus.command, a.u);
  connect(a.y, bus.doubled);
  connect(bus.doubled, b.u);
  connect(src.y, bus.measured);
  connect(bus, sub.bus);
end ExpandableIntroduced;

// CHECK:STDOUT: Class ExpandableIntroduced has 12 equation(s) and 12 variable(s).
// CHECK:STDOUT: class ExpandableIntroduced
// CHECK:STDOUT:   output Real src.y;
// CHECK:STDOUT:   input Real a.u;
// CHECK:STDOUT:   output Real a.y;
// CHECK:STDOUT:   input Real b.u;
// CHECK:STDOUT:   output Real b.y;
// CHECK:STDOUT:   input Real sub.g.u;
// CHECK:STDOUT:   output Real sub.g.y;
// CHECK:STDOUT:   Real sub.bus.measured;
// CHECK:STDOUT:   input Real bus.command;
// CHECK:STDOUT:   Real bus.doubled;
// CHECK:STDOUT:   Real bus.measured;
// CHECK:STDOUT:   Real sub.bus.command;
// CHECK:STDOUT:   Real sub.bus.doubled;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   src.y = time;
// CHECK:STDOUT:   a.y = 2 * a.u;
// CHECK:STDOUT:   b.y = 2 * b.u;
// CHECK:STDOUT:   sub.g.y = 2 * sub.g.u;
// CHECK:STDOUT:   sub.bus.measured = sub.g.u;
// CHECK:STDOUT:   bus.command = a.u;
// CHECK:STDOUT:   bus.command = sub.bus.command;
// CHECK:STDOUT:   a.y = bus.doubled;
// CHECK:STDOUT:   a.y = b.u;
// CHECK:STDOUT:   a.y = sub.bus.doubled;
// CHECK:STDOUT:   src.y = bus.measured;
// CHECK:STDOUT:   src.y = sub.bus.measured;
// CHECK:STDOUT: end ExpandableIntroduced;
