within Modelica.Mechanics.Translational;
package Sources "Translational drives (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.SourcesPackage;

  model Force "Force given by an input signal"
    extends Modelica.Mechanics.Translational.Interfaces.PartialElementaryOneFlangeAndSupport2;
    Modelica.Blocks.Interfaces.RealInput f(unit = "N") "Force that drives the flange (= -flange.f)";
  equation
    flange.f = -f;
  end Force;

  model ConstantForce "Constant force"
    extends Modelica.Mechanics.Translational.Interfaces.PartialForce;
    parameter SI.Force f_constant "Force (negative values act as a load for positive motion)";
  equation
    f = -f_constant;
  end ConstantForce;
end Sources;
