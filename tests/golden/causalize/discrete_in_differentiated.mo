// RUN: mocc flatten --emit=index-reduced %s
// A discrete variable (the Integer `phase`, as the MSL's water media compute
// it) is an argument of a function that index reduction differentiates: it is
// constant between events, no unknown of the differentiated equations, so its
// own equation is not differentiated (to `0 = 0`, which determines no
// derivative: "no states can be chosen"). Pantelides (1988), Mattsson and
// Soederlind (1993).
model DiscreteInDifferentiated
  function f
    input Real p;
    input Real h;
    input Integer phase;
    output Real d;
  algorithm
    d := 1000 + 1e-5*p - 0.01*h + phase;
  end f;
  Real p(start = 1e5, fixed = true, stateSelect = StateSelect.prefer);
  Real h(start = 1e5, fixed = true, stateSelect = StateSelect.prefer);
  Real psat;
  Integer phase;
  Real d, u, m, U, T, derT;
  Real V(start = 0.1, fixed = true);
equation
  psat = p;
  phase = if h < 2e5 + 0.001*psat then 1 else 2;
  d = f(p, h, phase);
  u = h - p/d;
  T = f(p, h, phase) - 700;
  derT = der(T);
  der(V) = 0;
  m = d*V;
  U = m*u;
  der(m) = 0;
  der(U) = 1e4;
end DiscreteInDifferentiated;

// CHECK:STDOUT: function DiscreteInDifferentiated.f "mocc_f0_DiscreteInDifferentiated_f"
// CHECK:STDOUT:   input Real p;
// CHECK:STDOUT:   input Real h;
// CHECK:STDOUT:   input Integer phase;
// CHECK:STDOUT:   output Real d;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   d := 1000 + 1e-05 * p - 0.01 * h + phase;
// CHECK:STDOUT: end DiscreteInDifferentiated.f;
// CHECK:STDOUT:
// CHECK:STDOUT: function DiscreteInDifferentiated.f$der "mocc_f0_DiscreteInDifferentiated_f$der"
// CHECK:STDOUT:   input Real p;
// CHECK:STDOUT:   input Real h;
// CHECK:STDOUT:   input Integer phase;
// CHECK:STDOUT:   output Real d;
// CHECK:STDOUT:   input Real der(p);
// CHECK:STDOUT:   input Real der(h);
// CHECK:STDOUT:   input Integer der(phase);
// CHECK:STDOUT:   output Real der(d);
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   der(d) := 1e-05 * der(p) - 0.01 * der(h);
// CHECK:STDOUT:   d := 1000 + 1e-05 * p - 0.01 * h + phase;
// CHECK:STDOUT: end DiscreteInDifferentiated.f$der;
// CHECK:STDOUT:
// CHECK:STDOUT: class DiscreteInDifferentiated
// CHECK:STDOUT:   Real p(start = 1e+05, fixed = true, stateSelect = StateSelect.prefer);
// CHECK:STDOUT:   Real h(start = 1e+05, fixed = true, stateSelect = StateSelect.prefer);
// CHECK:STDOUT:   Real psat;
// CHECK:STDOUT:   Integer phase;
// CHECK:STDOUT:   Real d;
// CHECK:STDOUT:   Real u;
// CHECK:STDOUT:   Real m;
// CHECK:STDOUT:   Real U;
// CHECK:STDOUT:   Real T;
// CHECK:STDOUT:   Real derT;
// CHECK:STDOUT:   Real V(start = 0.1, fixed = true);
// CHECK:STDOUT:   // index reduction: 1 alias variable(s) removed, 5 equation(s) differentiated
// CHECK:STDOUT:   // alias variables (not in the reduced system; computed from the others):
// CHECK:STDOUT:   //   psat = p
// CHECK:STDOUT:   // states: p, h, m
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): der(T), der(V), der(U), der(d), der(u)
// CHECK:STDOUT:   // dynamic state selection between 3 sets of states:
// CHECK:STDOUT:   //   set 1: p, h, m; dummy derivatives der(T), der(V), der(U), der(d), der(u)
// CHECK:STDOUT:   //   set 2: p, h, U; dummy derivatives der(T), der(V), der(m), der(d), der(u)
// CHECK:STDOUT:   //   set 3: p, h, V; dummy derivatives der(T), der(m), der(U), der(d), der(u)
// CHECK:STDOUT: equation
// CHECK:STDOUT:   phase = if h < 2e+05 + 0.001 * p then 1 else 2;
// CHECK:STDOUT:   d = DiscreteInDifferentiated.f(p, h, phase);
// CHECK:STDOUT:   u = h - p / d;
// CHECK:STDOUT:   T = DiscreteInDifferentiated.f(p, h, phase) - 700;
// CHECK:STDOUT:   derT = der(T);
// CHECK:STDOUT:   der(V) = 0;
// CHECK:STDOUT:   m = d * V;
// CHECK:STDOUT:   U = m * u;
// CHECK:STDOUT:   der(m) = 0;
// CHECK:STDOUT:   der(U) = 10000;
// CHECK:STDOUT:   // added by index reduction (equation numbers count from 1 above):
// CHECK:STDOUT:   der(d) = (DiscreteInDifferentiated.f$der(p, h, phase, der(p), der(h), 0))[2]; // d/dt of equation 2
// CHECK:STDOUT:   der(u) = der(h) - (der(p) / d - p * der(d) / d^2); // d/dt of equation 3
// CHECK:STDOUT:   der(T) = (DiscreteInDifferentiated.f$der(p, h, phase, der(p), der(h), 0))[2]; // d/dt of equation 4
// CHECK:STDOUT:   der(m) = der(d) * V + d * der(V); // d/dt of equation 7
// CHECK:STDOUT:   der(U) = der(m) * u + m * der(u); // d/dt of equation 8
// CHECK:STDOUT: end DiscreteInDifferentiated;
