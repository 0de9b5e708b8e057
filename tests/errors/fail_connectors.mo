// RUN: mocc check %s
// A connector is balanced (MLS 9.3.1) and a stream connector has one
// scalar flow variable (MLS 15.1).
model Connectors
  connector Unbalanced
    Real e;
    Real e2;
    flow Real f;
  end Unbalanced;
  connector Fluid
    Real p;
    flow Real m[2];
    stream Real h;
  end Fluid;
  Unbalanced u(e = 1, e2 = 2);
  Fluid fluid(p = 1, h = 2);
end Connectors;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_connectors.mo:5:13: error: the connector `Connectors.Unbalanced` is not balanced: it has 1 flow variable(s) and 2 variable(s) that are neither flow, stream, input, output, parameter nor constant
// CHECK:STDERR:   connector Unbalanced
// CHECK:STDERR:             ^~~~~~~~~~
// CHECK:STDERR: fail_connectors.mo:15:14: note: used here
// CHECK:STDERR:   Unbalanced u(e = 1, e2 = 2);
// CHECK:STDERR:              ^
// CHECK:STDERR: fail_connectors.mo:10:13: error: the stream connector `Connectors.Fluid` must have exactly one flow variable, a scalar, and it has 2
// CHECK:STDERR:   connector Fluid
// CHECK:STDERR:             ^~~~~
