// RUN: mocc flatten %s
model Connectors "connection sets: potentials equal, flows sum to zero, unconnected flows are zero"
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  model Resistor
    parameter Real R = 1;
    Pin p, n;
  equation
    p.v - n.v = R * p.i;
    p.i + n.i = 0;
  end Resistor;
  model Ground
    Pin p;
  equation
    p.v = 0;
  end Ground;
  Resistor r[2](R = {1, 2});
  Ground g;
  Pin outer_pin;
equation
  connect(r[1].n, r[2].p);
  connect(r[2].n, g.p);
  connect(r[1].p, outer_pin);
  outer_pin.v = 1;
end Connectors;

// CHECK:STDOUT: class Connectors
// CHECK:STDOUT:   parameter Real r[1].R = 1;
// CHECK:STDOUT:   Real r[1].p.v;
// CHECK:STDOUT:   Real r[1].p.i;
// CHECK:STDOUT:   Real r[1].n.v;
// CHECK:STDOUT:   Real r[1].n.i;
// CHECK:STDOUT:   parameter Real r[2].R = 2;
// CHECK:STDOUT:   Real r[2].p.v;
// CHECK:STDOUT:   Real r[2].p.i;
// CHECK:STDOUT:   Real r[2].n.v;
// CHECK:STDOUT:   Real r[2].n.i;
// CHECK:STDOUT:   Real g.p.v;
// CHECK:STDOUT:   Real g.p.i;
// CHECK:STDOUT:   Real outer_pin.v;
// CHECK:STDOUT:   Real outer_pin.i;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   r[1].p.v - r[1].n.v = r[1].R * r[1].p.i;
// CHECK:STDOUT:   r[1].p.i + r[1].n.i = 0;
// CHECK:STDOUT:   r[2].p.v - r[2].n.v = r[2].R * r[2].p.i;
// CHECK:STDOUT:   r[2].p.i + r[2].n.i = 0;
// CHECK:STDOUT:   g.p.v = 0;
// CHECK:STDOUT:   outer_pin.v = 1;
// CHECK:STDOUT:   r[1].n.v = r[2].p.v;
// CHECK:STDOUT:   r[1].n.i + r[2].p.i = 0;
// CHECK:STDOUT:   r[2].n.v = g.p.v;
// CHECK:STDOUT:   r[2].n.i + g.p.i = 0;
// CHECK:STDOUT:   r[1].p.v = outer_pin.v;
// CHECK:STDOUT:   r[1].p.i - outer_pin.i = 0;
// CHECK:STDOUT:   outer_pin.i = 0;
// CHECK:STDOUT: end Connectors;
