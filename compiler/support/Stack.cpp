// Stack bounds of the calling thread, the nesting levels of the recursive
// passes, and the compiler's thread with a large stack; see Stack.h.
#include "compiler/support/Stack.h"

#include "compiler/support/DiagnosticKinds.h"

#include <algorithm>
#include <exception>
#include <pthread.h>
#include <sys/resource.h>

namespace mocc {

namespace {

/// The lowest address the calling thread's recursion may reach before
/// NestingLevel gives up; 0 until first asked.
thread_local uintptr_t stackLimit = 0;

uintptr_t computeStackLimit() {
  pthread_attr_t attr;
  void *low = nullptr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    pthread_attr_getstack(&attr, &low, &size);
    pthread_attr_destroy(&attr);
  }
  if (!low || size == 0) // unknown: assume the default 8 MiB below here
    return reinterpret_cast<uintptr_t>(__builtin_frame_address(0)) - (size_t{4} << 20);
  // The reserve must hold whatever runs below the deepest check: a library
  // file parsed on demand (the parser's own limit is 2 MiB, and ANTLR's
  // prediction as much again), LLVM, the diagnostics.
  size_t reserve = std::clamp(size / 16, std::min(size / 2, size_t{8} << 20), size_t{16} << 20);
  return reinterpret_cast<uintptr_t>(low) + reserve;
}

} // namespace

bool stackNearlyExhausted() {
  if (stackLimit == 0)
    stackLimit = computeStackLimit();
  return reinterpret_cast<uintptr_t>(__builtin_frame_address(0)) < stackLimit;
}

void NestingLevel::fail(SourceRange where, const char *what) {
  uint64_t levels = depth_ - 1;
  --depth_; // the destructor of a constructor that throws does not run
  throw NestingTooDeep{where, what, levels};
}

std::string NestingTooDeep::message() const {
  return diag::format(diag::NestsTooDeeply, {what, levels});

}

namespace {

struct ThreadCall {
  const std::function<int()> *body;
  int result = 0;
  std::exception_ptr error;
};

void *runThread(void *arg) {
  auto *call = static_cast<ThreadCall *>(arg);
  try {
    call->result = (*call->body)();
  } catch (...) {
    call->error = std::current_exception();
  }
  return nullptr;
}

} // namespace

size_t compilerStackBytes() {
  size_t bytes = size_t{512} << 20;
  struct rlimit limit;
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    bytes = std::min<size_t>(bytes, limit.rlim_cur / 4);
  return bytes;
}

int runWithStack(size_t bytes, const std::function<int()> &body) {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0)
    return body();
  ThreadCall call{&body, 0, nullptr};
  pthread_t thread;
  bool started = pthread_attr_setstacksize(&attr, bytes) == 0 &&
                 pthread_create(&thread, &attr, runThread, &call) == 0;
  pthread_attr_destroy(&attr);
  if (!started)
    return body();
  pthread_join(thread, nullptr);
  if (call.error)
    std::rethrow_exception(call.error);
  return call.result;
}

} // namespace mocc
