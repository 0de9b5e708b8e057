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
#include <string>

namespace {

/// One active mocc_call_external: where ModelicaError jumps to.
struct ExternalFrame {
  std::jmp_buf buffer;
  ExternalFrame *previous = nullptr;
};

thread_local ExternalFrame *currentFrame = nullptr;
/// Strings allocated by ModelicaAllocateString during the outermost call.
thread_local std::vector<std::unique_ptr<char[]>> *allocatedStrings = nullptr;
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

/// A message as a pattern of RuntimeErrors.h: percent signs doubled.
std::string literalPattern(const std::string &text) {
  std::string pattern;
  for (char c : text)
    pattern += c == '%' ? std::string("%%") : std::string(1, c);
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
  mocc_runtime_error(literalPattern(string).c_str(), nullptr);
  if (currentFrame)
    std::longjmp(currentFrame->buffer, 1);
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
  if (allocatedStrings)
    allocatedStrings->push_back(std::move(text));
  else
    text.release(); // outside any call: kept for the rest of the run
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

int32_t mocc_call_external(void (*thunk)(void *), void *context) {
  std::vector<std::unique_ptr<char[]>> strings;
  bool outermost = allocatedStrings == nullptr;
  if (outermost)
    allocatedStrings = &strings;
  ExternalFrame frame;
  frame.previous = currentFrame;
  currentFrame = &frame;
  // Nothing changes between setjmp and a longjmp back to it but memory.
  bool failed = setjmp(frame.buffer) != 0; // after ModelicaError, which recorded it
  if (!failed)
    thunk(context);
  currentFrame = frame.previous;
  if (outermost)
    allocatedStrings = nullptr;
  return failed ? 1 : 0;
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
          entry("mocc_call_external", &mocc_call_external)};
}

void sendMessagesToStandardError(bool toStandardError) {
  messagesToStandardError.store(toStandardError);
}

} // namespace mocc::rt
