within Modelica.Mechanics.MultiBody.Examples;
package Elementary "Elementary multibody examples (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.ExamplesPackage;
end Elementary;
