// RUN: mocc check %s
// inStream and actualStream take a stream variable of a connector (MLS 15.2).
model StreamOperators
  connector FluidPort
    Real p;
    flow Real m_flow;
    stream Real h_outflow;
  end FluidPort;
  FluidPort port;
  Real x = inStream(port.p);
equation
  port.p = 1;
  port.h_outflow = 2;
end StreamOperators;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_stream_operators.mo:10:21: error: the argument of `inStream` must be a stream variable of a connector
// CHECK:STDERR:   Real x = inStream(port.p);
// CHECK:STDERR:                     ^~~~~~
