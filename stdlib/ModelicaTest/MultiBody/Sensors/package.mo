within ModelicaTest.MultiBody;
package Sensors "Tests of Modelica.Mechanics.MultiBody.Sensors (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.ExamplesPackage;
end Sensors;
