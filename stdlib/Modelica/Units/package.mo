within Modelica;
package Units "Unit types and unit conversions (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.Package;
end Units;
