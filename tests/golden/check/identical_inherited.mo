// RUN: mocc check %s
// Two base classes and the class itself may declare the same element; if
// the declarations are identical but for comments and annotations, one is
// kept (MLS 7.3.3). Parameters of connected connectors are not unknowns:
// connected, they must be equal, and give no equation (MLS 9.3).
connector Plug
  parameter Integer m = 2 "Number of pins";
  Real v[m];
  flow Real i[m];
end Plug;

partial model PlugA
  parameter Integer m(min = 1) = 2 "Number of phases";
  Plug a(final m = m);
end PlugA;

partial model Enable
  parameter Integer m(min = 1) = 2 "Phases, documented differently" annotation(Evaluate = true);
  parameter Boolean on = true;
end Enable;

model Conductor
  extends PlugA;
  extends Enable;
  parameter Integer m(min = 1) = 2;
  Plug b(final m = m);
equation
  a.i + b.i = zeros(m);
  a.i = (if on then 1 else 0)*(a.v - b.v);
end Conductor;

model Source
  Plug p(m = 2);
equation
  p.v = {1, 2};
end Source;

model Ground
  Plug p(m = 2);
equation
  p.v = zeros(2);
end Ground;

model IdenticalInherited
  Source s;
  Conductor c;
  Ground g;
equation
  connect(s.p, c.a);
  connect(c.b, g.p);
end IdenticalInherited;

// CHECK:STDOUT: Class IdenticalInherited has 16 equation(s) and 16 variable(s).
