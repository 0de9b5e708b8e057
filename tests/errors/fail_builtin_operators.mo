// RUN: mocc check %s
// der of a non-Real or discrete-time expression (MLS 3.7.4.2), sample with
// a varying start (3.7.5), cardinality of a non-connector (3.7.4.3) and
// `time` in a record (3.6.7 of 3.6: the built-in variable time belongs to
// models).
model BuiltinOperators
  record R
    Real x = time;
  end R;
  constant Integer k = 1;
  discrete Real d(start = 1, fixed = true);
  Real a = der(k);
  Real b = der(d);
  Integer n = cardinality(a);
  Integer i(start = 0, fixed = true);
  R r;
equation
  when sample(time, 0.1) then
    i = pre(i) + 1;
    d = pre(d) + 1;
  end when;
end BuiltinOperators;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_builtin_operators.mo:12:12: error: der() needs a Real argument
// CHECK:STDERR:   Real a = der(k);
// CHECK:STDERR:            ^~~~~~
// CHECK:STDERR: fail_builtin_operators.mo:13:12: error: der() of the discrete-time variable `d`
// CHECK:STDERR:   Real b = der(d);
// CHECK:STDERR:            ^~~~~~
// CHECK:STDERR: fail_builtin_operators.mo:14:27: error: the argument of `cardinality` must be a connector
// CHECK:STDERR:   Integer n = cardinality(a);
// CHECK:STDERR:                           ^
// CHECK:STDERR: fail_builtin_operators.mo:8:14: error: `time` cannot be used in a record
// CHECK:STDERR:     Real x = time;
// CHECK:STDERR:              ^~~~
// CHECK:STDERR: fail_builtin_operators.mo:18:15: error: the start of `sample` must be a parameter expression
// CHECK:STDERR:   when sample(time, 0.1) then
// CHECK:STDERR:               ^~~~
