within Modelica.Blocks;
package Sources "Signal sources (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.SourcesPackage;

  block Constant "Constant output"
    parameter Real k(start = 1) "Output value";
    extends Interfaces.SO;
  equation
    y = k;
  end Constant;

  block Step "Step of the given height at startTime"
    parameter Real height = 1 "Height of the step";
    extends Interfaces.SignalSource;
  equation
    y = if time < startTime then offset else offset + height;
  end Step;

  block Ramp "Linear rise of the given height over the given duration"
    parameter Real height = 1 "Total rise";
    parameter SI.Time duration(min = 0.0, start = 2) "Duration of the rise (0 gives a step)";
    extends Interfaces.SignalSource;
  equation
    if time < startTime then
      y = offset;
    elseif time < startTime + duration then
      y = offset + height * (time - startTime) / duration;
    else
      y = offset + height;
    end if;
  end Ramp;

  block Sine "Sine wave"
    parameter Real amplitude = 1 "Amplitude";
    parameter SI.Frequency f(start = 1) "Frequency";
    parameter SI.Angle phase = 0 "Phase at startTime";
    parameter Boolean continuous = false "= true: before startTime the output is offset + amplitude*sin(phase) rather than offset";
    extends Interfaces.SignalSource;
  protected
    Real wave "The sine wave, extended to the left of startTime as chosen";
  equation
    if time < startTime then
      wave = if continuous then Modelica.Math.sin(phase) else 0;
    else
      wave = Modelica.Math.sin(2 * Modelica.Constants.pi * f * (time - startTime) + phase);
    end if;
    y = offset + amplitude * wave;
  end Sine;
end Sources;
