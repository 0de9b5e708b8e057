/* The C library of TestLib.Crash (tests/testlib/TestLib/package.mo): a
   function that ends the process by SIGABRT, as a crash in a model's
   external code would. */
#include <stdlib.h>

double mocc_testlib_abort(double u) {
  (void)u;
  abort();
}
