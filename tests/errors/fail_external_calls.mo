// RUN: mocc check %s
// External function declarations that mocc cannot call (MLS 12.9), one
// function each.
model ExternalCalls
  record R
    Real x;
  end R;
  function e1
    input R r;
    output Real y;
  external "C" y = e1(r);
  end e1;
  function e2
    input Real u;
    output Real y[2];
  external "C" y = e2(u);
  end e2;
  function e3
    input Real u;
    output Real y;
  external "C" y = e3(u + 1, {u, u});
  end e3;
  function e4
    input Real u;
    output Real y;
  external "C" y = e4(u) annotation(Library = 1);
  end e4;
  Real a = e1(R(x = 1));
  Real b[2] = e2(1);
  Real c = e3(1);
  Real d = e4(1);
end ExternalCalls;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_external_calls.mo:11:23: error: the record `r` cannot be passed to an external function (not supported)
// CHECK:STDERR:   external "C" y = e1(r);
// CHECK:STDERR:                       ^
// CHECK:STDERR: fail_external_calls.mo:16:16: error: the result of the external function must be a scalar output (`y` is not)
// CHECK:STDERR:   external "C" y = e2(u);
// CHECK:STDERR:                ^
// CHECK:STDERR: fail_external_calls.mo:21:30: error: an argument of an external call must be a variable of the function or a scalar expression
// CHECK:STDERR:   external "C" y = e3(u + 1, {u, u});
// CHECK:STDERR:                              ^~~~~~
// CHECK:STDERR: fail_external_calls.mo:26:47: error: the annotation `Library` must be a String or an array of Strings
// CHECK:STDERR:   external "C" y = e4(u) annotation(Library = 1);
// CHECK:STDERR:                                               ^
