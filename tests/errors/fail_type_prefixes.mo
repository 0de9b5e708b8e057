// RUN: mocc check %s
// Type prefixes apply to components of types, records and connectors, and
// flow, input and output of a structured component exclude the same
// prefixes on its elements (MLS 4.4.2.1).
model TypePrefixes
  model M
    Real x = 1;
  end M;
  connector C
    Real e;
    flow Real f;
  end C;
  connector S
    Real e;
    flow Real f;
    stream Integer s;
  end S;
  parameter M m;
  flow C c;
  S s;
  parameter C pc;
end TypePrefixes;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_type_prefixes.mo:10:10: warning: parameter `pc.e` has no value; using its start value (0)
// CHECK:STDERR:     Real e;
// CHECK:STDERR:          ^
// CHECK:STDERR: fail_type_prefixes.mo:11:15: warning: parameter `pc.f` has no value; using its start value (0)
// CHECK:STDERR:     flow Real f;
// CHECK:STDERR:               ^
// CHECK:STDERR: fail_type_prefixes.mo:18:15: error: the prefix `parameter` cannot be applied to `m` of the model `TypePrefixes.M`
// CHECK:STDERR:   parameter M m;
// CHECK:STDERR:               ^
// CHECK:STDERR: fail_type_prefixes.mo:19:10: error: `c` is `flow`, but its element `f` has a prefix of its own (flow, stream, input or output)
// CHECK:STDERR:   flow C c;
// CHECK:STDERR:          ^
// CHECK:STDERR: fail_type_prefixes.mo:11:15: note: declared here
// CHECK:STDERR:     flow Real f;
// CHECK:STDERR:               ^
// CHECK:STDERR: fail_type_prefixes.mo:16:20: error: the stream variable `s` must be a Real or a record of Reals, and its type is `Integer`
// CHECK:STDERR:     stream Integer s;
// CHECK:STDERR:                    ^
// CHECK:STDERR: fail_type_prefixes.mo:21:15: error: the connector `pc` cannot be declared `parameter`
// CHECK:STDERR:   parameter C pc;
// CHECK:STDERR:               ^~
