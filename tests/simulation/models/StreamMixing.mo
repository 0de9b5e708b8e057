// Stream connectors (MLS chapter 15): two sources mix in a connection set of
// three inside connectors; a composite heater passes the mixture through
// its outside connectors to a heater inside it; a sink reads the
// actualStream of what arrives. By hand: what enters the heater is the
// mixture of the two others, (1 * 100 + 3 * 200) / 4 = 175 at t = 0 (the
// heater's own connector is not counted in its inStream), the heater adds
// 10, and the sink's backflow enthalpy goes the other way.
package StreamMixing
  connector FluidPort
    Real p;
    flow Real m_flow;
    stream Real h_outflow;
  end FluidPort;

  model Source
    Real mdot = 1;
    parameter Real h = 100;
    FluidPort port;
  equation
    port.m_flow = -mdot;
    port.h_outflow = h;
  end Source;

  model Sink
    parameter Real p = 1;
    parameter Real hBack = 50;
    FluidPort port;
    Real hIn = actualStream(port.h_outflow);
  equation
    port.p = p;
    port.h_outflow = hBack;
  end Sink;

  model Heater
    parameter Real dh = 10;
    FluidPort port_a, port_b;
  equation
    port_a.m_flow + port_b.m_flow = 0;
    port_a.p = port_b.p;
    port_b.h_outflow = inStream(port_a.h_outflow) + dh;
    port_a.h_outflow = inStream(port_b.h_outflow) + dh;
  end Heater;

  model CompositeHeater
    FluidPort port_a, port_b;
    Heater heater;
    Real hEntering = inStream(port_a.h_outflow);
  equation
    connect(port_a, heater.port_a);
    connect(heater.port_b, port_b);
  end CompositeHeater;

  model Mixing
    Source a(mdot = 1, h = 100);
    Source b(mdot = 3 * (1 + time), h = 200);
    CompositeHeater heater;
    Sink sink;
    Real hMix = inStream(heater.port_a.h_outflow);
  equation
    connect(a.port, heater.port_a);
    connect(b.port, heater.port_a);
    connect(heater.port_b, sink.port);
  end Mixing;
end StreamMixing;
