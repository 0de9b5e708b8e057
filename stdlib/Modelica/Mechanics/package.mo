within Modelica;
package Mechanics "Mechanical systems (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.Package;
  import Modelica.Units.SI;
end Mechanics;
