within Modelica.Blocks;
package Interfaces "Signal connectors and partial blocks (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.InterfacesPackage;

  connector RealInput = input Real "Real input signal";
  connector RealOutput = output Real "Real output signal";
  connector BooleanInput = input Boolean "Boolean input signal";
  connector BooleanOutput = output Boolean "Boolean output signal";
  connector IntegerInput = input Integer "Integer input signal";
  connector IntegerOutput = output Integer "Integer output signal";
  connector RealVectorInput = input Real "Real input signal of a vector of connections";
  connector IntegerVectorInput = input Integer "Integer input signal of a vector of connections";
  connector BooleanVectorInput = input Boolean "Boolean input signal of a vector of connections";
  connector RealVectorOutput = output Real "Real output signal of a vector of connections";

  partial block SO "Block with one Real output"
    extends Modelica.Blocks.Icons.Block;
    RealOutput y "Output signal";
  end SO;

  partial block MO "Block with a vector of Real outputs"
    extends Modelica.Blocks.Icons.Block;
    parameter Integer nout(min = 1) = 1 "Number of outputs";
    RealOutput y[nout] "Output signals";
  end MO;

  partial block SISO "Block with one Real input and one Real output"
    extends Modelica.Blocks.Icons.Block;
    RealInput u "Input signal";
    RealOutput y "Output signal";
  end SISO;

  partial block SI2SO "Block with two Real inputs and one Real output"
    extends Modelica.Blocks.Icons.Block;
    RealInput u1 "First input signal";
    RealInput u2 "Second input signal";
    RealOutput y "Output signal";
  end SI2SO;

  partial block SIMO "Block with one Real input and a vector of Real outputs"
    extends Modelica.Blocks.Icons.Block;
    parameter Integer nout = 1 "Number of outputs";
    RealInput u "Input signal";
    RealOutput y[nout] "Output signals";
  end SIMO;

  partial block MISO "Block with a vector of Real inputs and one Real output"
    extends Modelica.Blocks.Icons.Block;
    parameter Integer nin = 1 "Number of inputs";
    RealInput u[nin] "Input signals";
    RealOutput y "Output signal";
  end MISO;

  partial block MIMO "Block with vectors of Real inputs and outputs"
    extends Modelica.Blocks.Icons.Block;
    parameter Integer nin = 1 "Number of inputs";
    parameter Integer nout = 1 "Number of outputs";
    RealInput u[nin] "Input signals";
    RealOutput y[nout] "Output signals";
  end MIMO;

  partial block MIMOs "Block with as many Real outputs as Real inputs"
    extends Modelica.Blocks.Icons.Block;
    parameter Integer n = 1 "Number of inputs and of outputs";
    RealInput u[n] "Input signals";
    RealOutput y[n] "Output signals";
  end MIMOs;

  partial block MI2MO "Block with two Real input vectors and one Real output vector of equal size"
    extends Modelica.Blocks.Icons.Block;
    parameter Integer n = 1 "Size of the input and output vectors";
    RealInput u1[n] "First input vector";
    RealInput u2[n] "Second input vector";
    RealOutput y[n] "Output vector";
  end MI2MO;

  partial block SignalSource "Source of a Real signal with offset and start time"
    extends SO;
    parameter Real offset = 0 "Output before startTime, and added afterwards";
    parameter Modelica.Units.SI.Time startTime = 0 "Time at which the signal starts";
  end SignalSource;

  partial block SVcontrol "Controller with setpoint and measurement inputs"
    extends Modelica.Blocks.Icons.Block;
    RealInput u_s "Setpoint";
    RealInput u_m "Measurement";
    RealOutput y "Actuator signal";
  end SVcontrol;

  partial block BooleanSISO "Block with one Boolean input and one Boolean output"
    extends Modelica.Blocks.Icons.PartialBooleanBlock;
    BooleanInput u "Input signal";
    BooleanOutput y "Output signal";
  end BooleanSISO;

  partial block BooleanSignalSource "Source of a Boolean signal"
    extends Modelica.Blocks.Icons.PartialBooleanBlock;
    BooleanOutput y "Output signal";
  end BooleanSignalSource;

  partial block IntegerSO "Block with one Integer output"
    extends Modelica.Blocks.Icons.IntegerBlock;
    IntegerOutput y "Output signal";
  end IntegerSO;

  partial block partialBooleanSI "Block with one Boolean input"
    extends Modelica.Blocks.Icons.PartialBooleanBlock;
    BooleanInput u "Input signal";
  end partialBooleanSI;

  partial block partialBooleanSO "Block with one Boolean output"
    extends Modelica.Blocks.Icons.PartialBooleanBlock;
    BooleanOutput y "Output signal";
  end partialBooleanSO;

  partial block partialBooleanSISO "Block with one Boolean input and one Boolean output"
    extends Modelica.Blocks.Icons.PartialBooleanBlock;
    BooleanInput u "Input signal";
    BooleanOutput y "Output signal";
  end partialBooleanSISO;

  partial block partialBooleanThresholdComparison "Compares a Real input with a threshold"
    parameter Real threshold = 0 "Value the input is compared with";
    RealInput u "Input signal";
    BooleanOutput y "Result of the comparison";
  end partialBooleanThresholdComparison;

  partial block partialBooleanComparison "Compares two Real inputs"
    RealInput u1 "First input signal";
    RealInput u2 "Second input signal";
    BooleanOutput y "Result of the comparison";
  end partialBooleanComparison;
end Interfaces;
