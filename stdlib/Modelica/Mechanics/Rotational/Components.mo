within Modelica.Mechanics.Rotational;
package Components "Rotational components (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.Package;

  model Fixed "Flange held at a fixed angle"
    parameter SI.Angle phi0 = 0 "Angle of the flange";
    Interfaces.Flange_b flange "Fixed flange";
  equation
    flange.phi = phi0;
  end Fixed;

  model Inertia "Rotating body with moment of inertia"
    extends Rotational.Interfaces.PartialTwoFlanges;
    parameter SI.Inertia J(min = 0, start = 1) "Moment of inertia";
    parameter StateSelect stateSelect = StateSelect.default "Preference for phi and w as states";
    SI.Angle phi(stateSelect = stateSelect) "Absolute angle";
    SI.AngularVelocity w(stateSelect = stateSelect) "Absolute angular velocity (= der(phi))";
    SI.AngularAcceleration a "Absolute angular acceleration (= der(w))";
  equation
    flange_a.phi = phi;
    flange_b.phi = phi;
    w = der(phi);
    a = der(w);
    J * a = flange_a.tau + flange_b.tau;
  end Inertia;

  model Spring "Linear rotational spring"
    extends Rotational.Interfaces.PartialCompliant;
    parameter SI.RotationalSpringConstant c(final min = 0, start = 1.0e5) "Spring constant";
    parameter SI.Angle phi_rel0 = 0 "Relative angle of the unstretched spring";
  equation
    tau = c * (phi_rel - phi_rel0);
  end Spring;

  model Damper "Linear rotational damper"
    extends Rotational.Interfaces.PartialCompliantWithRelativeStates;
    parameter SI.RotationalDampingConstant d(final min = 0, start = 0) "Damping constant";
    extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
  equation
    tau = d * w_rel;
    lossPower = tau * w_rel;
  end Damper;

  model SpringDamper "Linear rotational spring and damper in parallel"
    parameter SI.RotationalSpringConstant c(final min = 0, start = 1.0e5) "Spring constant";
    parameter SI.RotationalDampingConstant d(final min = 0, start = 0) "Damping constant";
    parameter SI.Angle phi_rel0 = 0 "Relative angle of the unstretched spring";
    extends Rotational.Interfaces.PartialCompliantWithRelativeStates;
    extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
  protected
    SI.Torque tau_c "Spring part of the torque";
    SI.Torque tau_d "Damper part of the torque";
  equation
    tau_c = c * (phi_rel - phi_rel0);
    tau_d = d * w_rel;
    tau = tau_c + tau_d;
    lossPower = tau_d * w_rel;
  end SpringDamper;

  model IdealGear "Massless gear with a fixed ratio"
    extends Rotational.Interfaces.PartialElementaryTwoFlangesAndSupport2;
    parameter Real ratio(start = 1) "Transmission ratio (flange_a.phi/flange_b.phi)";
    SI.Angle phi_a "Angle of flange_a relative to the support";
    SI.Angle phi_b "Angle of flange_b relative to the support";
  equation
    phi_a = flange_a.phi - phi_support;
    phi_b = flange_b.phi - phi_support;
    phi_a = ratio * phi_b;
    0 = ratio * flange_a.tau + flange_b.tau;
  end IdealGear;
end Components;
