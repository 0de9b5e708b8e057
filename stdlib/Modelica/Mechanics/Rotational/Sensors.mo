within Modelica.Mechanics.Rotational;
package Sensors "Rotational sensors (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.SensorsPackage;

  model AngleSensor "Absolute angle of a flange"
    extends Rotational.Interfaces.PartialAbsoluteSensor;
    Modelica.Blocks.Interfaces.RealOutput phi(unit = "rad", displayUnit = "deg") "Absolute angle";
  equation
    phi = flange.phi;
  end AngleSensor;

  model SpeedSensor "Absolute angular velocity of a flange"
    extends Rotational.Interfaces.PartialAbsoluteSensor;
    Modelica.Blocks.Interfaces.RealOutput w(unit = "rad/s") "Absolute angular velocity";
  equation
    w = der(flange.phi);
  end SpeedSensor;

  model RelAngleSensor "Angle between two flanges"
    extends Rotational.Interfaces.PartialRelativeSensor;
    Modelica.Blocks.Interfaces.RealOutput phi_rel(unit = "rad", displayUnit = "deg") "flange_b.phi - flange_a.phi";
  equation
    phi_rel = flange_b.phi - flange_a.phi;
    0 = flange_a.tau;
  end RelAngleSensor;

  model TorqueSensor "Torque transmitted between two flanges"
    extends Rotational.Interfaces.PartialRelativeSensor;
    Modelica.Blocks.Interfaces.RealOutput tau(unit = "N.m") "Torque (= flange_a.tau = -flange_b.tau)";
  equation
    flange_a.phi = flange_b.phi;
    flange_a.tau = tau;
  end TorqueSensor;
end Sensors;
