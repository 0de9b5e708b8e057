// RUN: mocc flatten %s
model CallStatement "a function call statement is kept, each one, though its outputs are discarded"
  impure function record_
    input Real x;
    output Real y;
  external "C" y = mocc_test_record(x);
  end record_;
  function f
    input Real x;
    output Real y;
  algorithm
    record_(x);
    record_(x);
    y := 2 * x;
  end f;
  Real y = f(time);
end CallStatement;

// CHECK:STDOUT: function CallStatement.f "mocc_f0_CallStatement_f"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   CallStatement.record_(x);
// CHECK:STDOUT:   CallStatement.record_(x);
// CHECK:STDOUT:   y := 2 * x;
// CHECK:STDOUT: end CallStatement.f;
// CHECK:STDOUT:
// CHECK:STDOUT: function CallStatement.record_ "mocc_f1_CallStatement_record_"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: external "C" y = mocc_test_record(x);
// CHECK:STDOUT: end CallStatement.record_;
// CHECK:STDOUT:
// CHECK:STDOUT: class CallStatement
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   y = CallStatement.f(time);
// CHECK:STDOUT: end CallStatement;
