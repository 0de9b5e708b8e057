/* ModelicaUtilities.h: the functions that mocc's runtime provides to the C
   code of external functions (MLS 3.6, section 12.9.6). mocc compiles the C
   code of libraries and Include annotations itself and puts this header on
   the include path after the library's own folders, so a library that ships
   its own copy uses that one. The runtime defines every function (see
   runtime/ModelicaUtilities.cpp).

   ModelicaError and its variants do not return: the external call fails as
   a failed assert does. Strings from ModelicaAllocateString belong to the
   runtime, which frees them after the kernel or function call that made
   them has used them. */
#ifndef MODELICA_UTILITIES_H
#define MODELICA_UTILITIES_H

#include <stdarg.h>
#include <stddef.h>

#if defined(__cplusplus)
extern "C" {
#endif

#if defined(__cplusplus) && __cplusplus >= 201103L
#define MOCC_NORETURN [[noreturn]]
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define MOCC_NORETURN _Noreturn
#else
#define MOCC_NORETURN __attribute__((noreturn))
#endif

/* Messages: printed as they come (no format control, printf's, vprintf's). */
void ModelicaMessage(const char *string);
void ModelicaFormatMessage(const char *format, ...) __attribute__((format(printf, 1, 2)));
void ModelicaVFormatMessage(const char *format, va_list args) __attribute__((format(printf, 1, 0)));

/* Warnings: reported once each on stderr. */
void ModelicaWarning(const char *string);
void ModelicaFormatWarning(const char *format, ...) __attribute__((format(printf, 1, 2)));
void ModelicaVFormatWarning(const char *format, va_list args) __attribute__((format(printf, 1, 0)));

/* Errors: the call fails as a failed assert does; they never return. */
MOCC_NORETURN void ModelicaError(const char *string);
MOCC_NORETURN void ModelicaFormatError(const char *format, ...) __attribute__((format(printf, 1, 2)));
MOCC_NORETURN void ModelicaVFormatError(const char *format, va_list args) __attribute__((format(printf, 1, 0)));

/* Memory for a String result of an external function: len characters and
   the terminating zero. The plain forms call ModelicaError when no memory is
   left; the WithErrorReturn forms return NULL instead. */
char *ModelicaAllocateString(size_t len);
char *ModelicaAllocateStringWithErrorReturn(size_t len);
char *ModelicaDuplicateString(const char *str);
char *ModelicaDuplicateStringWithErrorReturn(const char *str);

#undef MOCC_NORETURN

#if defined(__cplusplus)
}
#endif

#endif
