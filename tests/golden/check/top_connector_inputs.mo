// RUN: mocc check %s
// Inputs inside a top-level connector are inputs of the model itself
// (MLS 4.7): their values come from outside, no equation gives them.
connector Signals
  input Real a;
  input Real b;
end Signals;

model TopConnectorInputs
  Signals s;
  Real x(start = 0, fixed = true);
equation
  der(x) = s.a + s.b;
end TopConnectorInputs;

// CHECK:STDOUT: Class TopConnectorInputs has 1 equation(s) and 1 variable(s).
