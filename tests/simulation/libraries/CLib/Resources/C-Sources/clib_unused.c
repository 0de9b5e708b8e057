/* No function of the package needs this file: as a member of a static
   library it is never linked, so its call of a function that exists
   nowhere does no harm. */
#include "clib.h"

extern double clib_defined_nowhere(double);

double CLib_unused(double x) { return clib_defined_nowhere(x); }
