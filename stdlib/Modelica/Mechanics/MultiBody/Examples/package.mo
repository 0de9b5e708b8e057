within Modelica.Mechanics.MultiBody;
package Examples "Example models of the MultiBody library (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.ExamplesPackage;
end Examples;
