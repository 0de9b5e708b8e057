// RUN: mocc check %s
// The arguments of Connections.root and Connections.branch are
// overdetermined types or records, with an equalityConstraint function
// (MLS 3.6 section 9.4.1): a Real and a plain connector were ignored
// silently. Connections.uniqueRoot (MLS 3.6 section 9.4.1.1) is not
// supported yet, said once (it was said twice, the second time as a call of
// an undeclared function).
model ConnectionsOperatorArguments
  connector C
    Real e;
    flow Real f;
  end C;
  Real x;
  C c;
equation
  Connections.root(x);
  Connections.branch(c, c);
  Connections.uniqueRoot(c, "c");
  x = 1;
  c.e = 1;
end ConnectionsOperatorArguments;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_connections_operator_arguments.mo:16:20: error: the argument of a Connections operator must name an overconstrained record
// CHECK:STDERR:   Connections.root(x);
// CHECK:STDERR:                    ^
// CHECK:STDERR: fail_connections_operator_arguments.mo:17:22: error: the argument of a Connections operator must name an overconstrained record
// CHECK:STDERR:   Connections.branch(c, c);
// CHECK:STDERR:                      ^
// CHECK:STDERR: fail_connections_operator_arguments.mo:17:25: error: the argument of a Connections operator must name an overconstrained record
// CHECK:STDERR:   Connections.branch(c, c);
// CHECK:STDERR:                         ^
// CHECK:STDERR: fail_connections_operator_arguments.mo:18:3: error: `Connections.uniqueRoot` is not supported yet
// CHECK:STDERR:   Connections.uniqueRoot(c, "c");
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
