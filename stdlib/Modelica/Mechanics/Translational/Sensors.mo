within Modelica.Mechanics.Translational;
package Sensors "Translational sensors (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.SensorsPackage;

  model PositionSensor "Absolute position of a flange"
    extends Translational.Interfaces.PartialAbsoluteSensor;
    Modelica.Blocks.Interfaces.RealOutput s(unit = "m") "Absolute position";
  equation
    s = flange.s;
  end PositionSensor;

  model SpeedSensor "Absolute velocity of a flange"
    extends Translational.Interfaces.PartialAbsoluteSensor;
    Modelica.Blocks.Interfaces.RealOutput v(unit = "m/s") "Absolute velocity";
  equation
    v = der(flange.s);
  end SpeedSensor;

  model RelPositionSensor "Distance between two flanges"
    extends Translational.Interfaces.PartialRelativeSensor;
    Modelica.Blocks.Interfaces.RealOutput s_rel(unit = "m") "flange_b.s - flange_a.s";
  equation
    s_rel = flange_b.s - flange_a.s;
    0 = flange_a.f;
  end RelPositionSensor;

  model ForceSensor "Force transmitted between two flanges"
    extends Translational.Interfaces.PartialRelativeSensor;
    Modelica.Blocks.Interfaces.RealOutput f(unit = "N") "Force (= flange_a.f = -flange_b.f)";
  equation
    flange_a.s = flange_b.s;
    flange_a.f = f;
  end ForceSensor;
end Sensors;
