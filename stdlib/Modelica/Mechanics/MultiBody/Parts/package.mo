within Modelica.Mechanics.MultiBody;
package Parts "Rigid bodies and fixed frame transformations (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.Package;
end Parts;
