within ModelicaTest;
package MultiBody "Test models for Modelica.Mechanics.MultiBody (mocc's own implementation of a subset of the MSL interface)"
  import Modelica.Mechanics.MultiBody;
end MultiBody;
