// ModelicaUtilities.h for external C code, and the guarded call through
// which generated code calls it (see the header).
#include "runtime/ModelicaUtilities.h"

#include "runtime/RuntimeErrors.h"

#include <atomic>
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <algorithm>
#include <string>

namespace {

/// One active mocc_call_external: where ModelicaError jumps to.
struct ExternalFrame {
  std::jmp_buf buffer;
  ExternalFrame *previous = nullptr;
  bool recorded = false; ///< the ModelicaError's message is the recorded error
};

thread_local ExternalFrame *currentFrame = nullptr;
/// The thread's run-time strings (see StringScope), and the scopes open.
thread_local std::vector<std::unique_ptr<char[]>> arena;
thread_local int openScopes = 0;

/// A string of the arena holding `text`.
char *keep(const std::string &text) {
  std::unique_ptr<char[]> copy(new char[text.size() + 1]);
  std::memcpy(copy.get(), text.c_str(), text.size() + 1);
  char *result = copy.get();
  arena.push_back(std::move(copy));
  return result;
}

/// `text` padded with blanks to `minimumLength` characters, on the right
/// if `leftJustified`, else on the left (String()'s options, MLS 3.7.5).
std::string justify(std::string text, int minimumLength, int leftJustified) {
  if (minimumLength > 0 && text.size() < static_cast<size_t>(minimumLength)) {
    std::string pad(static_cast<size_t>(minimumLength) - text.size(), ' ');
    text = leftJustified ? text + pad : pad + text;
  }
  return text;
}

/// Where ModelicaMessage writes: stdout, or stderr while the result goes
/// to stdout.
std::atomic<bool> messagesToStandardError{false};

std::string format(const char *format, va_list args) {
  va_list copy;
  va_copy(copy, args);
  int n = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  if (n < 0)
    return format;
  std::string text(static_cast<size_t>(n) + 1, '\0');
  std::vsnprintf(text.data(), text.size(), format, args);
  text.resize(static_cast<size_t>(n));
  return text;
}

/// A message as a pattern of RuntimeErrors.h: percent signs doubled, and
/// without the line break that C code often ends its messages with (the
/// run-time error is one line).
std::string literalPattern(const std::string &text) {
  std::string pattern;
  size_t end = text.find_last_not_of(" \t\r\n");
  for (size_t i = 0; end != std::string::npos && i <= end; ++i)
    pattern += text[i] == '%' ? std::string("%%") : std::string(1, text[i]);
  return pattern;
}

} // namespace

extern "C" {

void ModelicaMessage(const char *string) {
  std::FILE *stream = messagesToStandardError.load() ? stderr : stdout;
  std::fputs(string, stream);
  std::fflush(stream);
}

void ModelicaVFormatMessage(const char *format, va_list args) {
  ModelicaMessage(::format(format, args).c_str());
}

void ModelicaFormatMessage(const char *format, ...) {
  va_list args;
  va_start(args, format);
  ModelicaVFormatMessage(format, args);
  va_end(args);
}

void ModelicaWarning(const char *string) {
  mocc_runtime_warning(literalPattern(string).c_str(), nullptr);
}

void ModelicaVFormatWarning(const char *format, va_list args) {
  ModelicaWarning(::format(format, args).c_str());
}

void ModelicaFormatWarning(const char *format, ...) {
  va_list args;
  va_start(args, format);
  ModelicaVFormatWarning(format, args);
  va_end(args);
}

void ModelicaError(const char *string) {
  bool first = !mocc::rt::runtimeErrorRecorded(); // else the earlier error stands
  mocc_runtime_error(literalPattern(string).c_str(), nullptr);
  if (currentFrame) {
    currentFrame->recorded = first;
    std::longjmp(currentFrame->buffer, 1);
  }
  // Not inside an external call: nothing can take the error over.
  std::fprintf(stderr, "mocc: error: %s\n", string);
  std::_Exit(3);
}

void ModelicaVFormatError(const char *format, va_list args) {
  ModelicaError(::format(format, args).c_str());
}

void ModelicaFormatError(const char *format, ...) {
  va_list args;
  va_start(args, format);
  ModelicaVFormatError(format, args);
  va_end(args);
}

char *ModelicaAllocateStringWithErrorReturn(size_t len) {
  std::unique_ptr<char[]> text(new (std::nothrow) char[len + 1]);
  if (!text)
    return nullptr;
  text[len] = '\0';
  char *result = text.get();
  arena.push_back(std::move(text));
  return result;
}

char *ModelicaAllocateString(size_t len) {
  char *text = ModelicaAllocateStringWithErrorReturn(len);
  if (!text)
    ModelicaError("out of memory in ModelicaAllocateString");
  return text;
}

char *ModelicaDuplicateStringWithErrorReturn(const char *str) {
  size_t len = std::strlen(str);
  char *text = ModelicaAllocateStringWithErrorReturn(len);
  if (text)
    std::memcpy(text, str, len + 1);
  return text;
}

char *ModelicaDuplicateString(const char *str) {
  char *text = ModelicaDuplicateStringWithErrorReturn(str);
  if (!text)
    ModelicaError("out of memory in ModelicaDuplicateString");
  return text;
}

int32_t mocc_call_external(void (*thunk)(void *), void *context, const char *where) {
  ExternalFrame frame;
  frame.previous = currentFrame;
  currentFrame = &frame;
  // Nothing changes between setjmp and a longjmp back to it but memory.
  bool failed = setjmp(frame.buffer) != 0; // after ModelicaError, which recorded it
  if (!failed)
    thunk(context);
  currentFrame = frame.previous;
  if (failed && frame.recorded && where)
    mocc::rt::appendToRuntimeError(where);
  return failed ? 1 : 0;
}

const char *mocc_string_literal(const char *text) { return text; }

const char *mocc_string_concat(const char *a, const char *b) {
  return keep(std::string(a ? a : "") + (b ? b : ""));
}

int mocc_string_compare(const char *a, const char *b) {
  int c = std::strcmp(a ? a : "", b ? b : "");
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

const char *mocc_string_real(double x, int significantDigits, int minimumLength, int leftJustified) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*g", std::max(1, significantDigits), x);
  return keep(justify(text, minimumLength, leftJustified));
}

const char *mocc_string_integer(int x, int minimumLength, int leftJustified) {
  return keep(justify(std::to_string(x), minimumLength, leftJustified));
}

const char *mocc_string_boolean(int x, int minimumLength, int leftJustified) {
  return keep(justify(x ? "true" : "false", minimumLength, leftJustified));
}

const char *mocc_string_format(double x, const char *format) {
  std::string pattern = std::string("%") + (format ? format : "g");
  char text[256];
  std::snprintf(text, sizeof text, pattern.c_str(), x);
  return keep(text);
}

} // extern "C"

namespace mocc::rt {

std::vector<std::pair<const char *, void *>> modelicaUtilities() {
  auto entry = [](const char *name, auto *function) {
    return std::pair<const char *, void *>{name, reinterpret_cast<void *>(function)};
  };
  return {entry("ModelicaMessage", &ModelicaMessage),
          entry("ModelicaFormatMessage", &ModelicaFormatMessage),
          entry("ModelicaVFormatMessage", &ModelicaVFormatMessage),
          entry("ModelicaWarning", &ModelicaWarning),
          entry("ModelicaFormatWarning", &ModelicaFormatWarning),
          entry("ModelicaVFormatWarning", &ModelicaVFormatWarning),
          entry("ModelicaError", &ModelicaError),
          entry("ModelicaFormatError", &ModelicaFormatError),
          entry("ModelicaVFormatError", &ModelicaVFormatError),
          entry("ModelicaAllocateString", &ModelicaAllocateString),
          entry("ModelicaAllocateStringWithErrorReturn", &ModelicaAllocateStringWithErrorReturn),
          entry("ModelicaDuplicateString", &ModelicaDuplicateString),
          entry("ModelicaDuplicateStringWithErrorReturn", &ModelicaDuplicateStringWithErrorReturn),
          entry("mocc_call_external", &mocc_call_external),
          entry("mocc_string_literal", &mocc_string_literal),
          entry("mocc_string_concat", &mocc_string_concat),
          entry("mocc_string_compare", &mocc_string_compare),
          entry("mocc_string_real", &mocc_string_real),
          entry("mocc_string_integer", &mocc_string_integer),
          entry("mocc_string_boolean", &mocc_string_boolean),
          entry("mocc_string_format", &mocc_string_format)};
}

StringScope::StringScope() { ++openScopes; }

StringScope::~StringScope() {
  if (--openScopes == 0)
    arena.clear();
}

void releaseStrings() {
  if (openScopes == 0)
    arena.clear();
}

size_t heldStrings() { return arena.size(); }

void sendMessagesToStandardError(bool toStandardError) {
  messagesToStandardError.store(toStandardError);
}

} // namespace mocc::rt
