within Modelica.Mechanics.Rotational;
package Sources "Rotational drives (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.SourcesPackage;

  model Torque "Torque given by an input signal"
    extends Modelica.Mechanics.Rotational.Interfaces.PartialElementaryOneFlangeAndSupport2;
    Modelica.Blocks.Interfaces.RealInput tau(unit = "N.m") "Torque that accelerates the flange (= -flange.tau)";
  equation
    flange.tau = -tau;
  end Torque;

  model ConstantTorque "Constant torque"
    extends Rotational.Interfaces.PartialTorque;
    parameter SI.Torque tau_constant "Torque (negative values act as a load for positive rotation)";
    SI.AngularVelocity w "Angular velocity of the flange relative to the support (= der(phi))";
    SI.Torque tau "Torque that accelerates the flange (= -flange.tau)";
  equation
    w = der(phi);
    tau = -flange.tau;
    tau = tau_constant;
  end ConstantTorque;
end Sources;
