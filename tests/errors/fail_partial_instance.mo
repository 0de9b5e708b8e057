// RUN: mocc check %s
// A simulation model instantiates no partial class, also through a short
// class definition (MLS 4.7).
model PartialInstance
  partial model A
    Real x = 1;
  end A;
  model B = A;
  B b;
end PartialInstance;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_partial_instance.mo:9:5: error: `b` is an instance of the partial class `PartialInstance.A`
// CHECK:STDERR:   B b;
// CHECK:STDERR:     ^
