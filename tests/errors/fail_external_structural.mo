// RUN: mocc check %s
model StructExt "structural parameters cannot depend on external calls"
  function n "an external function"
    input Real x;
    output Integer y;
  external "C" y = abs(x);
  end n;
  parameter Integer k = n(3);
  Real x[k];
equation
  x = ones(k);
end StructExt;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_external_structural.mo:9:10: error: an array dimension must be a parameter expression, and `k` is not
// CHECK:STDERR:   Real x[k];
// CHECK:STDERR:          ^
// CHECK:STDERR: fail_external_structural.mo:8:25: note: it could not be evaluated while translating: the value of `k`: `StructExt.n` is impure, and is not called while translating
// CHECK:STDERR:   parameter Integer k = n(3);
// CHECK:STDERR:                         ^~~~
// CHECK:STDERR: fail_external_structural.mo:11:12: error: this argument of `ones` must be an Integer parameter expression
// CHECK:STDERR:   x = ones(k);
// CHECK:STDERR:            ^
