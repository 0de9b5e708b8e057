// RUN: mocc simulate %s -o external_not_linked_res.csv
// The C function of the Include annotation exists, but it calls a C
// function that is found nowhere: it cannot be linked (the message names
// the missing one, not the function the Include defines).
model ExternalNotLinked
  function f
    input Real x;
    output Real y;
  external "C" y = mocc_test_calls_absent(x)
    annotation(Include = "double mocc_test_absent(double);
double mocc_test_calls_absent(double x) { return mocc_test_absent(x); }");
  end f;
  Real y = f(time);
end ExternalNotLinked;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_external_not_linked.mo:9:3: error: the C function `mocc_test_calls_absent` of the external function `ExternalNotLinked.f` cannot be linked: Symbols not found: [ mocc_test_absent ]
// CHECK:STDERR:   external "C" y = mocc_test_calls_absent(x)
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
