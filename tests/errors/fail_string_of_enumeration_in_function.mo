// RUN: mocc check %s
// String() of an enumeration value that a function only knows at run time
// is not supported yet (one known while translating is: String(E.a)).
model StringOfEnumerationInFunction
  type E = enumeration(a, b);
  function f
    input E e;
    output Real y;
  protected
    String s;
  algorithm
    s := String(e);
    y := if s == "a" then 1 else 2;
  end f;
  E e = if time > 0.5 then E.a else E.b;
  Real y = f(e);
end StringOfEnumerationInFunction;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_string_of_enumeration_in_function.mo:12:10: error: `String` of an enumeration value is not supported yet
// CHECK:STDERR:     s := String(e);
// CHECK:STDERR:          ^~~~~~~~~
