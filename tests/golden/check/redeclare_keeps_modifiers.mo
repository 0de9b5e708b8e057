// RUN: mocc check %s
// A redeclared component keeps the modification of the declaration it
// replaces where the redeclaration does not override it (MLS 7.3.2), as
// the MSL's machines redeclare `internalThermalPort(final m = m)`.
model RedeclareKeepsModifiers
  partial model Port
    parameter Integer m = 3;
    Real T[m];
  end Port;
  model FixedPort
    extends Port;
  equation
    T = fill(300, m);
  end FixedPort;
  model Machine
    parameter Integer m = 3;
    replaceable Port port(final m = m);
    Real total = sum(port.T);
  end Machine;
  Machine machine(m = 5, redeclare FixedPort port);
end RedeclareKeepsModifiers;

// port.T has 5 elements (m = 5 reaches the redeclared port), plus total.

// CHECK:STDOUT: Class RedeclareKeepsModifiers has 6 equation(s) and 6 variable(s).
