within Modelica.Units;
package NonSI "Real types for common units outside the SI (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.Package;

  type Temperature_degC = Real(final quantity = "ThermodynamicTemperature", final unit = "degC");
  type Temperature_degF = Real(final quantity = "ThermodynamicTemperature", final unit = "degF");
  type Temperature_degRk = Real(final quantity = "ThermodynamicTemperature", final unit = "degRk");
  type Angle_deg = Real(final quantity = "Angle", final unit = "deg");
  type AngularVelocity_rpm = Real(final quantity = "AngularVelocity", final unit = "rev/min");
  type Velocity_kmh = Real(final quantity = "Velocity", final unit = "km/h");
  type Time_day = Real(final quantity = "Time", final unit = "d");
  type Time_hour = Real(final quantity = "Time", final unit = "h");
  type Time_minute = Real(final quantity = "Time", final unit = "min");
  type Volume_litre = Real(final quantity = "Volume", final unit = "l");
  type ElectricCharge_Ah = Real(final quantity = "ElectricCharge", final unit = "A.h");
  type Energy_Wh = Real(final quantity = "Energy", final unit = "W.h");
  type Energy_kWh = Real(final quantity = "Energy", final unit = "kW.h");
  type Pressure_bar = Real(final quantity = "Pressure", final unit = "bar");
  type MassFlowRate_gps = Real(final quantity = "MassFlowRate", final unit = "g/s");
  type Area_cm = Real(final quantity = "Area", final unit = "cm2");
end NonSI;
