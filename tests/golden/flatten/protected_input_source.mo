// RUN: mocc check %s
// A protected input connector is never connected from outside, so it is no
// source of its connection set (MLS 9.3): the MSL's conditional input
// `amplitude` and its protected `amplitude_internal`, set by a constant when
// the input is not used.
model ProtectedInputSource
  connector RealInput = input Real;
  connector RealOutput = output Real;
  block Constant
    parameter Real k = 1;
    RealOutput y = k;
  end Constant;
  block Source
    parameter Boolean useInput = false;
    RealInput amplitude if useInput;
    RealOutput y;
  protected
    RealInput amplitude_internal;
    Constant amplitude_constant(k = 2) if not useInput;
  equation
    connect(amplitude, amplitude_internal);
    connect(amplitude_constant.y, amplitude_internal);
    y = amplitude_internal;
  end Source;
  Source s;
end ProtectedInputSource;

// CHECK:STDOUT: Class ProtectedInputSource has 3 equation(s) and 3 variable(s).
