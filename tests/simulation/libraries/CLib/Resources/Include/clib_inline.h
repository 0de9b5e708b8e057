#ifndef CLIB_INLINE_H
#define CLIB_INLINE_H
/* A static function: only a thunk compiled with this header can call it. */
static double CLib_twice(double x) { return 2 * x; }
#endif
