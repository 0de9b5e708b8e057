// RUN: mocc simulate %s -o external_exit_res.csv
// External C code that ends the process (exit(0), as LAPACK's error
// handler does through a Fortran STOP) during the simulation: the run
// fails with exit code 3 and says so, instead of ending with status 0 and
// no result.
model ExternalExit
  function stopAt
    input Real t;
    output Real y;
  external "C" y = mocc_test_stop_at(t)
    annotation(Include = "#include <stdlib.h>
double mocc_test_stop_at(double t) { if (t > 0.5) exit(0); return t; }");
  end stopAt;
  Real x = stopAt(time);
end ExternalExit;

// CHECK:EXIT: 3
// CHECK:STDERR: mocc: error: code of the model ended the process during the simulation (an external function called exit() or a Fortran STOP); no result written
