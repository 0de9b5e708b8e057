within;
package Modelica "Modelica Standard Library 4.1.0 interface subset (mocc's own implementation)"
  annotation(version = "4.1.0");
end Modelica;
