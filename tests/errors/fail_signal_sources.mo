// RUN: mocc check %s
// A connection set has at most one source of its signal: an output of an
// inside connector or an input of an outside one (MLS 9.3).
model SignalSources
  connector RealInput = input Real;
  connector RealOutput = output Real;
  model B
    RealOutput ro;
    RealInput ri;
  end B;
  model A
    B b1, b2;
    RealInput ri = 1;
  equation
    connect(b1.ro, b2.ro);
    connect(ri, b1.ri);
    connect(b1.ri, b2.ro);
  end A;
  A a;
end SignalSources;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_signal_sources.mo:15:5: error: a connection set has more than one source of its signal: the inside output `a.b1.ro` and the inside output `a.b2.ro`
// CHECK:STDERR:     connect(b1.ro, b2.ro);
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~~
