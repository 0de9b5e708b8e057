// The functions of ModelicaUtilities.h (MLS 12.9.6) that external C code
// may call: messages, errors and strings allocated by the tool. They are
// defined by the runtime, bound by name in the JIT (for JIT-ed code and
// static libraries linked into it) and exported from the executable (for
// shared libraries that it loads).
//
// ModelicaError and its variants do not return: they record the message as
// a run-time error (runtime/RuntimeErrors.h) and jump back to
// mocc_call_external, through which generated code makes every external
// call; the generated function then fails as after a failed assert.
#pragma once

#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

extern "C" {
void ModelicaMessage(const char *string);
void ModelicaFormatMessage(const char *format, ...);
void ModelicaVFormatMessage(const char *format, va_list args);
void ModelicaWarning(const char *string);
void ModelicaFormatWarning(const char *format, ...);
void ModelicaVFormatWarning(const char *format, va_list args);
[[noreturn]] void ModelicaError(const char *string);
[[noreturn]] void ModelicaFormatError(const char *format, ...);
[[noreturn]] void ModelicaVFormatError(const char *format, va_list args);
char *ModelicaAllocateString(size_t len);
char *ModelicaAllocateStringWithErrorReturn(size_t len);
char *ModelicaDuplicateString(const char *str);
char *ModelicaDuplicateStringWithErrorReturn(const char *str);

/// Calls `thunk(context)` (the C call of an external function, made by
/// generated code); returns 0, or 1 after ModelicaError (recorded as a
/// run-time error, with `where` appended when it is not null: the
/// external function's name and location).
int32_t mocc_call_external(void (*thunk)(void *), void *context, const char *where);

/// The operations on Strings known only at run time, which generated code
/// calls as external functions (see flatten/Strings.cpp). Their results
/// live as long as those of ModelicaAllocateString.
const char *mocc_string_literal(const char *text);
const char *mocc_string_concat(const char *a, const char *b);
int mocc_string_compare(const char *a, const char *b);
const char *mocc_string_real(double x, int significantDigits, int minimumLength, int leftJustified);
const char *mocc_string_integer(int x, int minimumLength, int leftJustified);
const char *mocc_string_boolean(int x, int minimumLength, int leftJustified);
const char *mocc_string_format(double x, const char *format);
}

namespace mocc::rt {

/// The names and addresses of the functions above, for the JIT to define.
std::vector<std::pair<const char *, void *>> modelicaUtilities();

/// Strings made at run time (ModelicaAllocateString, the operations above)
/// belong to the thread's arena until it is released: by releaseStrings()
/// at the points the runtime chooses (each row of results, each event),
/// and not while a StringScope is open, which keeps them for the code that
/// reads them (a call of a function library, the evaluations of a
/// translation).
class StringScope {
public:
  StringScope();
  ~StringScope();
  StringScope(const StringScope &) = delete;
  StringScope &operator=(const StringScope &) = delete;
};

/// Frees the thread's run-time strings, unless a StringScope is open.
void releaseStrings();

/// The number of run-time strings the thread holds (for tests).
size_t heldStrings();
/// Sends ModelicaMessage's text to stderr instead of stdout (while the
/// result streams to stdout: `-o -`).
void sendMessagesToStandardError(bool toStandardError);

} // namespace mocc::rt
