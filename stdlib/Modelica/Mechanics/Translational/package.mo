within Modelica.Mechanics;
package Translational "One-dimensional translational mechanics (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.Package;
  import Modelica.Units.SI;
end Translational;
