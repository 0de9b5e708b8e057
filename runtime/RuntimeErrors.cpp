// The hooks that generated code calls on a run-time error or warning or a
// terminate() request, and the thread-local state through which the runtime
// sees them.
#include "runtime/RuntimeErrors.h"

#include "runtime/Delays.h"

#include "runtime/NumberFormat.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <pthread.h>

int64_t mocc_call_depth = 0;
int64_t mocc_stack_limit = 0;

namespace mocc::rt {

namespace {

struct Messages {
  bool failed = false;
  bool timeKnown = false;
  double time = 0;
  std::string error;
  std::vector<std::string> warnings;
  std::optional<std::string> terminate;
};

thread_local Messages messages;

/// A Real as String(x) gives it: "%.6g".
void appendReal(std::string &out, double x) {
  char text[32];
  int n = std::snprintf(text, sizeof text, "%.6g", x);
  out.append(text, n > 0 ? static_cast<size_t>(n) : 0);
}

/// An Integer stored as a double; a value that is no integer prints as Real.
void appendInteger(std::string &out, double x) {
  if (!(std::abs(x) < 9.2e18) || x != std::trunc(x))
    return appendReal(out, x);
  char text[24];
  auto end = std::to_chars(text, text + sizeof text, static_cast<long long>(x)).ptr;
  out.append(text, end);
}

} // namespace

std::string formatMessage(const char *pattern, const double *values) {
  std::string out;
  size_t next = 0;
  for (const char *p = pattern; *p; ++p) {
    if (*p != '%' || !p[1]) {
      out += *p;
      continue;
    }
    char kind = *++p;
    if (kind == 'r')
      appendReal(out, values[next++]);
    else if (kind == 'i')
      appendInteger(out, values[next++]);
    else if (kind == 'b')
      out += values[next++] != 0.0 ? "true" : "false";
    else if (kind == 's') { // a String known at run time: its pointer's bits
      const char *text = nullptr;
      std::memcpy(&text, &values[next++], sizeof text);
      out += text ? text : "";
    }
    else
      out += kind; // "%%"
  }
  return out;
}

bool runtimeErrorPending(double t) {
  if (messages.failed && !messages.timeKnown) {
    messages.time = t;
    messages.timeKnown = true;
  }
  return messages.failed;
}

std::optional<RuntimeFailure> takeRuntimeFailure(double t) {
  if (!messages.failed)
    return std::nullopt;
  RuntimeFailure failure{messages.timeKnown ? messages.time : t, std::move(messages.error)};
  messages.failed = false;
  messages.timeKnown = false;
  messages.error.clear();
  return failure;
}

std::string RuntimeFailure::describe() const {
  return "simulation failed at time t = " + formatTime(time) + ": " + message;
}

std::vector<std::string> takeRuntimeWarnings() { return std::exchange(messages.warnings, {}); }

std::optional<std::string> takeTerminateRequest() { return std::exchange(messages.terminate, {}); }

void clearRuntimeMessages() { messages = Messages(); }

std::vector<std::pair<const char *, void *>> generatedCodeData() {
  return {{"mocc_call_depth", &mocc_call_depth}, {"mocc_stack_limit", &mocc_stack_limit}};
}

void limitGeneratedCodeStack() {
  mocc_call_depth = 0;
  pthread_attr_t attr;
  void *low = nullptr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    pthread_attr_getstack(&attr, &low, &size);
    pthread_attr_destroy(&attr);
  }
  mocc_stack_limit =
      low ? static_cast<int64_t>(reinterpret_cast<uintptr_t>(low) +
                                 std::min(size / 8, size_t{8} << 20))
          : 0;
}

std::vector<std::pair<const char *, void *>> generatedCodeHooks() {
  return {{"mocc_runtime_error", reinterpret_cast<void *>(&mocc_runtime_error)},
          {"mocc_runtime_warning", reinterpret_cast<void *>(&mocc_runtime_warning)},
          {"mocc_runtime_terminate", reinterpret_cast<void *>(&mocc_runtime_terminate)},
          {"mocc_start_override", reinterpret_cast<void *>(&mocc_start_override)},
          {"mocc_delay", reinterpret_cast<void *>(&mocc_delay)}};
}

bool runtimeErrorRecorded() { return messages.failed; }

void appendToRuntimeError(const std::string &text) {
  if (messages.failed)
    messages.error += text;
}

namespace {
thread_local const std::vector<double> *overrideTable = nullptr;
} // namespace

OverrideScope::OverrideScope(const std::vector<double> &table) : previous_(overrideTable) {
  overrideTable = &table;
}

OverrideScope::~OverrideScope() { overrideTable = previous_; }

} // namespace mocc::rt

extern "C" double mocc_start_override(int32_t slot, double value) {
  const std::vector<double> *table = mocc::rt::overrideTable;
  if (table && slot >= 0 && static_cast<size_t>(slot) < table->size() &&
      !std::isnan((*table)[static_cast<size_t>(slot)]))
    return (*table)[static_cast<size_t>(slot)];
  return value;
}

extern "C" void mocc_runtime_error(const char *pattern, const double *values) {
  using mocc::rt::messages;
  if (messages.failed)
    return;
  messages.failed = true;
  messages.error = mocc::rt::formatMessage(pattern, values);
}

extern "C" void mocc_runtime_warning(const char *pattern, const double *values) {
  mocc::rt::messages.warnings.push_back(mocc::rt::formatMessage(pattern, values));
}

extern "C" void mocc_runtime_terminate(const char *pattern, const double *values) {
  using mocc::rt::messages;
  if (!messages.terminate)
    messages.terminate = mocc::rt::formatMessage(pattern, values);
}
