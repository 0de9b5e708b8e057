within;
package Mocc "Models and components of mocc itself (not part of the Modelica Standard Library)"
  annotation(Documentation(info = "<html><p>Examples and components that come with mocc.</p></html>"));
end Mocc;
