within Modelica.Mechanics.MultiBody;
package Icons "Icons of the MultiBody library (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.IconsPackage;

  model Surface "Marks a surface"
  end Surface;
end Icons;
