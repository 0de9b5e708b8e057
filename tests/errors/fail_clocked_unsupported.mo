// RUN: mocc check %s
// Clocked forms that are not supported yet: discretized partitions;
// non-parameter arguments.
model ClockedUnsupported
  Real u = time;
  Real x2 = sample(u, Clock(Clock(0.1), solverMethod = "ExplicitEuler"));
  Real x3 = sample(u, Clock(u));
  Real x4 = subSample(sample(u, Clock(0.1)), integer(u));
end ClockedUnsupported;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_clocked_unsupported.mo:6:41: error: `Clock(c, solverMethod)`, a discretized partition is not supported yet (clocked synchronous partitions, MLS 16)
// CHECK:STDERR:   Real x2 = sample(u, Clock(Clock(0.1), solverMethod = "ExplicitEuler"));
// CHECK:STDERR:                                         ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_clocked_unsupported.mo:7:29: error: the argument of `Clock` must be a parameter expression
// CHECK:STDERR:   Real x3 = sample(u, Clock(u));
// CHECK:STDERR:                             ^
// CHECK:STDERR: fail_clocked_unsupported.mo:8:46: error: the argument of `subSample` must be a parameter expression
// CHECK:STDERR:   Real x4 = subSample(sample(u, Clock(0.1)), integer(u));
// CHECK:STDERR:                                              ^~~~~~~~~~
