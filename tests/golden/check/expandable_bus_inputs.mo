// RUN: mocc check %s
// A signal of the model's own expandable connector that only inputs of
// components read is provided from outside: an input of the model (MLS
// 9.1.3, 9.3). A signal that an output writes is an unknown, also through
// an inner bus; a signal read by an input through an inner bus is an input.
connector RealInput = input Real;
connector RealOutput = output Real;

expandable connector Bus
  Real command;
  Real measured;
  Real doubled;
end Bus;

block Gain
  RealInput u;
  RealOutput y;
equation
  y = 2*u;
end Gain;

block Sub
  Bus bus;
  Gain g;
equation
  connect(bus.measured, g.u);
end Sub;

model ExpandableBusInputs
  Bus bus;
  Gain a;
  Gain b;
  Sub sub;
equation
  connect(bus.command, a.u);
  connect(a.y, bus.doubled);
  connect(bus.doubled, b.u);
  connect(bus, sub.bus);
end ExpandableBusInputs;

// Unknowns: a.u, a.y, b.u, b.y, sub.g.u, sub.g.y, sub.bus.measured,
// sub.bus.command, sub.bus.doubled, bus.doubled; inputs: bus.command and
// bus.measured.

// CHECK:STDOUT: Class ExpandableBusInputs has 10 equation(s) and 10 variable(s).
