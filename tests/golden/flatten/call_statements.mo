// RUN: mocc flatten %s
// Call statements run for their effects: in a function a `Call` statement;
// in a model, with the assertions, inside a when-branch, or guarded by
// initial() (an initial algorithm) or by the condition of an if-statement.
// A function of asserts only is expanded into them at the call.
model CallStatements
  function check
    input Real x;
  protected
    Real twice = 2 * x;
  algorithm
    assert(twice < 4, "too large");
  end check;
  function fail "only asserts: expanded at its calls"
    input String message;
  algorithm
    assert(false, message);
  end fail;
  function twice
    input Real x;
    output Real y;
  algorithm
    check(x);
    y := 2 * x;
  end twice;
  Real x = time;
  Real y = twice(x);
  discrete Real z;
algorithm
  check(x);
  if x > 1 then
    check(x - 1);
  end if;
  when x > 0.5 then
    z := x;
    check(z);
    fail("z = " + String(z));
  end when;
initial algorithm
  check(-x);
end CallStatements;

// CHECK:STDOUT: function CallStatements.twice "mocc_f0_CallStatements_twice"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   CallStatements.check(x);
// CHECK:STDOUT:   y := 2 * x;
// CHECK:STDOUT: end CallStatements.twice;
// CHECK:STDOUT:
// CHECK:STDOUT: function CallStatements.check "mocc_f1_CallStatements_check"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   protected Real twice;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   twice := 2 * x;
// CHECK:STDOUT:   assert(twice < 4, "too large (at call_statements.mo:12:5 in `CallStatements.check`)");
// CHECK:STDOUT: end CallStatements.check;
// CHECK:STDOUT:
// CHECK:STDOUT: function CallStatements.check "mocc_f2_CallStatements_check"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   protected Real twice;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   twice := 2 * x;
// CHECK:STDOUT:   assert(twice < 4, "too large (at call_statements.mo:12:5 in `CallStatements.check`)");
// CHECK:STDOUT: end CallStatements.check;
// CHECK:STDOUT:
// CHECK:STDOUT: class CallStatements
// CHECK:STDOUT:   Real x;
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT:   discrete Real z;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   x = time;
// CHECK:STDOUT:   y = CallStatements.twice(x);
// CHECK:STDOUT:   when x > 0.5 then
// CHECK:STDOUT:     z = x;
// CHECK:STDOUT:     CallStatements.check(x);
// CHECK:STDOUT:     assert(0, "z = " + String(x));
// CHECK:STDOUT:   end when;
// CHECK:STDOUT:   CallStatements.check(x);
// CHECK:STDOUT:   if x > 1 then CallStatements.check(x - 1) else 0;
// CHECK:STDOUT:   if initial() then CallStatements.check(-x) else 0;
// CHECK:STDOUT: end CallStatements;
