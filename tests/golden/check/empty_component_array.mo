// RUN: mocc check %s
// A reference through an empty array of components selects nothing
// (`sum(ports.m_flow)` with nPorts = 0, as Modelica.Fluid's vessels).
model EmptyComponentArray
  model Port
    Real m_flow;
  end Port;
  parameter Integer nPorts = 0;
  Port ports[nPorts];
  Real total = sum(ports.m_flow);
end EmptyComponentArray;

// CHECK:STDOUT: Class EmptyComponentArray has 1 equation(s) and 1 variable(s).
