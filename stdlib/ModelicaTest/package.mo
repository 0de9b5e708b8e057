within;
package ModelicaTest "Test models for the Modelica library (mocc's own implementation of a subset of the MSL 4.1.0 ModelicaTest interface)"
  extends Modelica.Icons.Package;
  import Modelica.Units.SI;
  annotation(version = "4.1.0-mocc.subset"); // a subset, as Modelica's (see there)
end ModelicaTest;
