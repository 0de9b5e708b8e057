within Modelica.Thermal;
package HeatTransfer "Lumped heat transfer (mocc's own implementation of a small subset of the MSL interface)"
  extends Modelica.Icons.Package;
  import Modelica.Units.SI;
end HeatTransfer;
