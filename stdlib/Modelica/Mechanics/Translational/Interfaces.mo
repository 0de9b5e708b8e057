within Modelica.Mechanics.Translational;
package Interfaces "Flanges and partial models of translational mechanics (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.InterfacesPackage;

  connector Flange "Translational flange: absolute position and cut force"
    SI.Position s "Absolute position of the flange";
    flow SI.Force f "Cut force acting on the flange";
  end Flange;

  connector Flange_a "Translational flange (filled icon)"
    extends Flange;
  end Flange_a;

  connector Flange_b "Translational flange (hollow icon)"
    extends Flange;
  end Flange_b;

  connector Support "Housing of a translational component"
    extends Flange;
  end Support;

  model InternalSupport "Always-present flange that stands in for an optional one"
    input SI.Force f "Force the owning model applies through the flange (= flange.f)";
    SI.Position s "Position of the flange (= flange.s)";
    Flange_a flange "Connected to the optional connector when that one is enabled";
  equation
    flange.f = f;
    flange.s = s;
  end InternalSupport;

  partial model PartialTwoFlanges "Two translational flanges"
    Flange_a flange_a "Left flange";
    Flange_b flange_b "Right flange";
  end PartialTwoFlanges;

  partial model PartialOneFlangeAndSupport "One flange and an optional support (for composed models)"
    parameter Boolean useSupport = false "= true to enable the support flange, otherwise it is fixed" annotation(Evaluate = true);
    Flange_b flange "Flange of the component";
    Support support if useSupport "Housing";
  protected
    Support internalSupport "Housing as seen from inside (fixed unless useSupport)";
    Components.Fixed fixed if not useSupport "Fixes the housing when there is no support flange";
  equation
    connect(fixed.flange, internalSupport);
    connect(internalSupport, support);
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
    connect(fixed.flange, internalSupport);
    connect(internalSupport, support);
  end PartialTwoFlangesAndSupport;

  partial model PartialRigid "Rigid coupling of two flanges at a fixed distance"
    SI.Position s "Position of the center of the component";
    parameter SI.Length L(start = 0) "Distance from flange_a to flange_b";
    extends PartialTwoFlanges;
  equation
    flange_a.s = s - L / 2;
    flange_b.s = s + L / 2;
  end PartialRigid;

  partial model PartialCompliant "Compliant coupling of two flanges"
    extends PartialTwoFlanges;
    SI.Position s_rel(start = 0) "Relative position (flange_b.s - flange_a.s)";
    SI.Force f "Force transmitted (= flange_b.f)";
  equation
    s_rel = flange_b.s - flange_a.s;
    flange_b.f = f;
    flange_a.f = -f;
  end PartialCompliant;

  partial model PartialCompliantWithRelativeStates "Compliant coupling of two flanges with relative position and speed as preferred states"
    parameter StateSelect stateSelect = StateSelect.prefer "Preference for s_rel and v_rel as states";
    parameter SI.Distance s_nominal = 1e-4 "Nominal value of s_rel (scaling)";
    SI.Position s_rel(start = 0, stateSelect = stateSelect, nominal = s_nominal) "Relative position (flange_b.s - flange_a.s)";
    SI.Velocity v_rel(start = 0, stateSelect = stateSelect) "Relative velocity (= der(s_rel))";
    SI.Force f "Force transmitted (= flange_b.f)";
    extends PartialTwoFlanges;
  equation
    s_rel = flange_b.s - flange_a.s;
    v_rel = der(s_rel);
    flange_b.f = f;
    flange_a.f = -f;
  end PartialCompliantWithRelativeStates;

  partial model PartialElementaryOneFlangeAndSupport2 "One flange and an optional support (for equation-based models)"
    parameter Boolean useSupport = false "= true to enable the support flange, otherwise it is fixed" annotation(Evaluate = true);
    SI.Length s "Position of the flange relative to the support";
    Flange_b flange "Flange of the component";
    Support support(s = s_support, f = -flange.f) if useSupport "Housing";
  protected
    SI.Length s_support "Position of the housing";
  equation
    s = flange.s - s_support;
    if not useSupport then
      s_support = 0;
    end if;
  end PartialElementaryOneFlangeAndSupport2;

  partial model PartialElementaryTwoFlangesAndSupport2 "Two flanges and an optional support (for equation-based models)"
    parameter Boolean useSupport = false "= true to enable the support flange, otherwise it is fixed" annotation(Evaluate = true);
    extends PartialTwoFlanges;
    Support support(s = s_support, f = -flange_a.f - flange_b.f) if useSupport "Housing";
    SI.Length s_a "Position of flange_a relative to the support";
    SI.Length s_b "Position of flange_b relative to the support";
  protected
    SI.Length s_support "Position of the housing";
  equation
    s_a = flange_a.s - s_support;
    s_b = flange_b.s - s_support;
    if not useSupport then
      s_support = 0;
    end if;
  end PartialElementaryTwoFlangesAndSupport2;

  partial model PartialForce "Force source acting on a flange relative to its support"
    extends PartialElementaryOneFlangeAndSupport2;
    SI.Force f "Force acting on the flange (= flange.f)";
  equation
    f = flange.f;
  end PartialForce;

  partial model PartialAbsoluteSensor "Sensor of one absolute flange quantity"
    extends Modelica.Icons.RectangularSensor;
    Interfaces.Flange_a flange "Flange that is measured";
  equation
    0 = flange.f;
  end PartialAbsoluteSensor;

  partial model PartialRelativeSensor "Sensor of one quantity between two flanges"
    extends Modelica.Icons.RectangularSensor;
    extends PartialTwoFlanges;
  equation
    0 = flange_a.f + flange_b.f;
  end PartialRelativeSensor;
end Interfaces;
