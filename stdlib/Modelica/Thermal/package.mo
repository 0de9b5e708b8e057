within Modelica;
package Thermal "Thermal systems (mocc's own implementation of a small subset of the MSL interface)"
  extends Modelica.Icons.Package;
end Thermal;
