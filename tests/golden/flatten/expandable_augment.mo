// RUN: mocc flatten %s
// Augmenting an expandable connector (MLS 9.1.3): with a whole array of
// connectors, and with a connector holding a flow, whose flow is also an
// unconnected inside element at the top (MLS 9.2: zero).
model ExpandableAugment
  expandable connector Bus
  end Bus;
  connector RealOutput = output Real;
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  model Source
    RealOutput y[3] = {1.0, 2.0, 3.0};
    Pin p;
  equation
    p.v = 1;
  end Source;
  Bus bus;
  Source s;
equation
  connect(s.y, bus.y);
  connect(s.p, bus.p);
end ExpandableAugment;

// CHECK:STDOUT: class ExpandableAugment
// CHECK:STDOUT:   output Real s.y[1];
// CHECK:STDOUT:   output Real s.y[2];
// CHECK:STDOUT:   output Real s.y[3];
// CHECK:STDOUT:   Real s.p.v;
// CHECK:STDOUT:   Real s.p.i;
// CHECK:STDOUT:   Real bus.y[1];
// CHECK:STDOUT:   Real bus.y[2];
// CHECK:STDOUT:   Real bus.y[3];
// CHECK:STDOUT:   Real bus.p.v;
// CHECK:STDOUT:   Real bus.p.i;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   s.y[1] = 1;
// CHECK:STDOUT:   s.y[2] = 2;
// CHECK:STDOUT:   s.y[3] = 3;
// CHECK:STDOUT:   s.p.v = 1;
// CHECK:STDOUT:   s.y[1] = bus.y[1];
// CHECK:STDOUT:   s.y[2] = bus.y[2];
// CHECK:STDOUT:   s.y[3] = bus.y[3];
// CHECK:STDOUT:   s.p.v = bus.p.v;
// CHECK:STDOUT:   s.p.i - bus.p.i = 0;
// CHECK:STDOUT:   bus.p.i = 0;
// CHECK:STDOUT: end ExpandableAugment;
