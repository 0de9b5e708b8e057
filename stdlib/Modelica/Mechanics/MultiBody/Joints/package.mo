within Modelica.Mechanics.MultiBody;
package Joints "Joints between frames (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.Package;
end Joints;
