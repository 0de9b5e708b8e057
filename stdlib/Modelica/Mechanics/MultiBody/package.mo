within Modelica.Mechanics;
package MultiBody "Three-dimensional mechanical systems (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.Package;
  import Cv = Modelica.Units.Conversions;
  import C = Modelica.Constants;
end MultiBody;
