within Modelica.Mechanics.MultiBody;
package Forces "Forces and torques acting on frames (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.SourcesPackage;
end Forces;
