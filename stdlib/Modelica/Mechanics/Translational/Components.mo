within Modelica.Mechanics.Translational;
package Components "Translational components (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.Package;

  model Fixed "Flange held at a fixed position"
    parameter SI.Position s0 = 0 "Position of the flange";
    Interfaces.Flange_b flange "Fixed flange";
  equation
    flange.s = s0;
  end Fixed;

  model Mass "Sliding mass"
    parameter SI.Mass m(min = 0, start = 1) "Mass";
    parameter StateSelect stateSelect = StateSelect.default "Preference for s and v as states";
    extends Translational.Interfaces.PartialRigid(L = 0, s(start = 0, stateSelect = stateSelect));
    SI.Velocity v(start = 0, stateSelect = stateSelect) "Absolute velocity (= der(s))";
    SI.Acceleration a(start = 0) "Absolute acceleration (= der(v))";
  equation
    v = der(s);
    a = der(v);
    m * a = flange_a.f + flange_b.f;
  end Mass;

  model Spring "Linear translational spring"
    extends Translational.Interfaces.PartialCompliant;
    parameter SI.TranslationalSpringConstant c(final min = 0, start = 1) "Spring constant";
    parameter SI.Distance s_rel0 = 0 "Length of the unstretched spring";
  equation
    f = c * (s_rel - s_rel0);
  end Spring;

  model Damper "Linear translational damper"
    extends Translational.Interfaces.PartialCompliantWithRelativeStates;
    parameter SI.TranslationalDampingConstant d(final min = 0, start = 0) "Damping constant";
    extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
  equation
    f = d * v_rel;
    lossPower = f * v_rel;
  end Damper;

  model SpringDamper "Linear translational spring and damper in parallel"
    extends Translational.Interfaces.PartialCompliantWithRelativeStates;
    parameter SI.TranslationalSpringConstant c(final min = 0, start = 1) "Spring constant";
    parameter SI.TranslationalDampingConstant d(final min = 0, start = 1) "Damping constant";
    parameter SI.Position s_rel0 = 0 "Length of the unstretched spring";
    extends Modelica.Thermal.HeatTransfer.Interfaces.PartialElementaryConditionalHeatPortWithoutT;
  protected
    SI.Force f_c "Spring part of the force";
    SI.Force f_d "Damper part of the force";
  equation
    f_c = c * (s_rel - s_rel0);
    f_d = d * v_rel;
    f = f_c + f_d;
    lossPower = f_d * v_rel;
  end SpringDamper;
end Components;
