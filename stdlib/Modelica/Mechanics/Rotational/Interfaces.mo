within Modelica.Mechanics.Rotational;
package Interfaces "Flanges and partial models of rotational mechanics (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.InterfacesPackage;

  connector Flange "Rotational flange: absolute angle and cut torque"
    SI.Angle phi "Absolute rotation angle of the flange";
    flow SI.Torque tau "Cut torque acting on the flange";
  end Flange;

  connector Flange_a "Rotational flange (filled icon)"
    extends Flange;
  end Flange_a;

  connector Flange_b "Rotational flange (hollow icon)"
    extends Flange;
  end Flange_b;

  connector Support "Housing of a rotational component"
    extends Flange;
  end Support;

  model InternalSupport "Always-present flange that stands in for an optional one"
    input SI.Torque tau "Torque the owning model applies through the flange (= flange.tau)";
    SI.Angle phi "Angle of the flange (= flange.phi)";
    Flange_a flange "Connected to the optional connector when that one is enabled";
  equation
    flange.tau = tau;
    flange.phi = phi;
  end InternalSupport;

  partial model PartialTwoFlanges "Two rotational flanges"
    Flange_a flange_a "Left flange";
    Flange_b flange_b "Right flange";
  end PartialTwoFlanges;

  partial model PartialOneFlangeAndSupport "One flange and an optional support (for composed models)"
    parameter Boolean useSupport = false "= true to enable the support flange, otherwise it is fixed" annotation(Evaluate = true);
    Flange_b flange "Flange of the shaft";
    Support support if useSupport "Housing";
  protected
    Support internalSupport "Housing as seen from inside (fixed unless useSupport)";
    Components.Fixed fixed if not useSupport "Fixes the housing when there is no support flange";
  equation
    connect(support, internalSupport);
    connect(internalSupport, fixed.flange);
  end PartialOneFlangeAndSupport;

  partial model PartialTwoFlangesAndSupport "Two flanges and an optional support (for composed models)"
    parameter Boolean useSupport = false "= true to enable the support flange, otherwise it is fixed" annotation(Evaluate = true);
    Flange_a flange_a "Left flange";
    Flange_b flange_b "Right flange";
    Support support if useSupport "Housing";
  protected
    Support internalSupport "Housing as seen from inside (fixed unless useSupport)";
    Components.Fixed fixed if not useSupport "Fixes the housing when there is no support flange";
  equation
    connect(support, internalSupport);
    connect(internalSupport, fixed.flange);
  end PartialTwoFlangesAndSupport;

  partial model PartialCompliant "Compliant coupling of two flanges"
    SI.Angle phi_rel(start = 0) "Relative angle (flange_b.phi - flange_a.phi)";
    SI.Torque tau "Torque transmitted (= flange_b.tau)";
    Flange_a flange_a "Left flange";
    Flange_b flange_b "Right flange";
  equation
    phi_rel = flange_b.phi - flange_a.phi;
    flange_b.tau = tau;
    flange_a.tau = -tau;
  end PartialCompliant;

  partial model PartialCompliantWithRelativeStates "Compliant coupling of two flanges with relative angle and speed as preferred states"
    SI.Angle phi_rel(start = 0, stateSelect = stateSelect, nominal = if phi_nominal >= Modelica.Constants.eps then phi_nominal else 1) "Relative angle (flange_b.phi - flange_a.phi)";
    SI.AngularVelocity w_rel(start = 0, stateSelect = stateSelect) "Relative angular velocity (= der(phi_rel))";
    SI.AngularAcceleration a_rel(start = 0) "Relative angular acceleration (= der(w_rel))";
    SI.Torque tau "Torque transmitted (= flange_b.tau)";
    Flange_a flange_a "Left flange";
    Flange_b flange_b "Right flange";
    parameter SI.Angle phi_nominal(displayUnit = "rad", min = 0.0) = 1e-4 "Nominal value of phi_rel (scaling)";
    parameter StateSelect stateSelect = StateSelect.prefer "Preference for phi_rel and w_rel as states";
  equation
    phi_rel = flange_b.phi - flange_a.phi;
    w_rel = der(phi_rel);
    a_rel = der(w_rel);
    flange_b.tau = tau;
    flange_a.tau = -tau;
  end PartialCompliantWithRelativeStates;

  partial model PartialElementaryOneFlangeAndSupport2 "One flange and an optional support (for equation-based models)"
    parameter Boolean useSupport = false "= true to enable the support flange, otherwise it is fixed" annotation(Evaluate = true);
    Flange_b flange "Flange of the shaft";
    Support support(phi = phi_support, tau = -flange.tau) if useSupport "Housing";
  protected
    SI.Angle phi_support "Angle of the housing";
  equation
    if not useSupport then
      phi_support = 0;
    end if;
  end PartialElementaryOneFlangeAndSupport2;

  partial model PartialElementaryTwoFlangesAndSupport2 "Two flanges and an optional support (for equation-based models)"
    parameter Boolean useSupport = false "= true to enable the support flange, otherwise it is fixed" annotation(Evaluate = true);
    Flange_a flange_a "Left flange";
    Flange_b flange_b "Right flange";
    Support support(phi = phi_support, tau = -flange_a.tau - flange_b.tau) if useSupport "Housing";
  protected
    SI.Angle phi_support "Angle of the housing";
  equation
    if not useSupport then
      phi_support = 0;
    end if;
  end PartialElementaryTwoFlangesAndSupport2;

  partial model PartialTorque "Torque source acting on a flange relative to its support"
    extends PartialElementaryOneFlangeAndSupport2;
    SI.Angle phi "Angle of the flange relative to the support";
  equation
    phi = flange.phi - phi_support;
  end PartialTorque;

  partial model PartialAbsoluteSensor "Sensor of one absolute flange quantity"
    extends Modelica.Icons.RoundSensor;
    Flange_a flange "Flange that is measured";
  equation
    0 = flange.tau;
  end PartialAbsoluteSensor;

  partial model PartialRelativeSensor "Sensor of one quantity between two flanges"
    extends Modelica.Icons.RoundSensor;
    Flange_a flange_a "Left flange";
    Flange_b flange_b "Right flange";
  equation
    0 = flange_a.tau + flange_b.tau;
  end PartialRelativeSensor;
end Interfaces;
