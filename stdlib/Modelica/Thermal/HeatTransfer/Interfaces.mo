within Modelica.Thermal.HeatTransfer;
package Interfaces "Heat ports and partial models with an optional heat port (mocc's own implementation of a subset of the MSL interface)"
  extends Modelica.Icons.InterfacesPackage;

  partial connector HeatPort "Port for one-dimensional heat flow"
    SI.Temperature T "Temperature of the port";
    flow SI.HeatFlowRate Q_flow "Heat flow rate into the component";
  end HeatPort;

  connector HeatPort_a "Heat port (filled icon)"
    extends HeatPort;
  end HeatPort_a;

  connector HeatPort_b "Heat port (hollow icon)"
    extends HeatPort;
  end HeatPort_b;

  partial model PartialElementaryConditionalHeatPort "Optional heat port that carries away the loss power of an elementary model"
    parameter Boolean useHeatPort = false "= true to enable heatPort" annotation(Evaluate = true);
    parameter SI.Temperature T = 293.15 "Temperature of the component when useHeatPort = false";
    HeatPort_a heatPort(final T = TheatPort, final Q_flow = -lossPower) if useHeatPort "Port through which the losses leave as heat";
    SI.Power lossPower "Power lost as heat (> 0 when heat leaves the component)";
    SI.Temperature TheatPort "Temperature of the component";
  equation
    if not useHeatPort then
      TheatPort = T;
    end if;
  end PartialElementaryConditionalHeatPort;

  partial model PartialElementaryConditionalHeatPortWithoutT "Optional heat port that carries away the loss power (no temperature dependence)"
    parameter Boolean useHeatPort = false "= true to enable heatPort" annotation(Evaluate = true);
    HeatPort_a heatPort(final Q_flow = -lossPower) if useHeatPort "Port through which the losses leave as heat";
    SI.Power lossPower "Power lost as heat (> 0 when heat leaves the component)";
  end PartialElementaryConditionalHeatPortWithoutT;
end Interfaces;
