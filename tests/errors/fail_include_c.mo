// RUN: mocc simulate %s -o include_c_res.csv
model IncludeC "the C code of an Include annotation does not compile: its line in this file"
  function f
    input Real x;
    output Real y;
  external "C" y = twice(x) annotation(Include = "
double twice(double x) {
  return 2 * x
}");
  end f;
  Real y = f(time);
end IncludeC;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_include_c.mo:8:15: error: expected ';' after return statement
// CHECK:STDERR:   return 2 * x
// CHECK:STDERR:               ^
// CHECK:STDERR: fail_include_c.mo:6:3: note: the C code of the Include annotation of `IncludeC.f` does not compile
// CHECK:STDERR:   external "C" y = twice(x) annotation(Include = "
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
