// RUN: mocc check %s
// inStream belongs in the equations of a model: a function has no
// connection sets (MLS 15.2).
model StreamOperatorInFunction
  function f
    input Real h;
    output Real y;
  algorithm
    y := inStream(h);
  end f;
  Real z = f(1);
end StreamOperatorInFunction;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_stream_operator_in_function.mo:9:10: error: `inStream` is used in a function; it belongs in the equations of a model
// CHECK:STDERR:     y := inStream(h);
// CHECK:STDERR:          ^~~~~~~~~~~
