within Modelica.Blocks;
package Types "Types of the block library (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.TypesPackage;

  type Init = enumeration(
      NoInit "Start values are guesses only",
      SteadyState "The state derivatives are zero at the start",
      InitialState "The states start at their given values",
      InitialOutput "The outputs start at their given values")
    "How a block is initialized";
end Types;
