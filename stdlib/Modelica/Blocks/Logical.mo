within Modelica.Blocks;
package Logical "Logical blocks (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.Package;

  block GreaterThreshold "True while the input is greater than the threshold"
    extends Interfaces.partialBooleanThresholdComparison;
  equation
    y = u > threshold;
  end GreaterThreshold;

  block GreaterEqualThreshold "True while the input is greater than or equal to the threshold"
    extends Interfaces.partialBooleanThresholdComparison;
  equation
    y = u >= threshold;
  end GreaterEqualThreshold;

  block LessThreshold "True while the input is less than the threshold"
    extends Interfaces.partialBooleanThresholdComparison;
  equation
    y = u < threshold;
  end LessThreshold;

  block LessEqualThreshold "True while the input is less than or equal to the threshold"
    extends Interfaces.partialBooleanThresholdComparison;
  equation
    y = u <= threshold;
  end LessEqualThreshold;
end Logical;
