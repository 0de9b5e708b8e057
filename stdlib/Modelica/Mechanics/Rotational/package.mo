within Modelica.Mechanics;
package Rotational "One-dimensional rotational mechanics (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.Package;
  import Modelica.Units.SI;
end Rotational;
