/* CLib_scaled: CLIB_SCALE comes from the build description (the Makefile). */
#include "clib.h"

#ifndef CLIB_SCALE
#error "CLIB_SCALE is not defined: the flags of the Makefile were not used"
#endif

double CLib_scaled(double x) { return CLIB_SCALE * x; }
