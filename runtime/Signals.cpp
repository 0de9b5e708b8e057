// The signal handlers; see Signals.h. Everything a handler touches is a
// lock-free atomic, a volatile sig_atomic_t or a static buffer, and it calls
// only async-signal-safe functions (write, unlink, alarm, sigaction,
// sigprocmask, raise, _exit).
#include "runtime/Signals.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <pthread.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <unistd.h>

namespace mocc::rt {

namespace {

volatile sig_atomic_t pendingSignal = 0;
std::atomic<int> polling{0};
std::atomic<const char *> interruptMessage{"mocc: interrupted\n"};

/// A registered temporary file: `state` is 0 (free), 1 (being filled in)
/// or 2 (registered: the handler removes `path`).
struct Temporary {
  std::atomic<int> state{0};
  char path[PATH_MAX];
};
constexpr int maxTemporaries = 8;
Temporary temporaries[maxTemporaries];

static_assert(std::atomic<int>::is_always_lock_free);
static_assert(std::atomic<const char *>::is_always_lock_free);

const int stopSignals[] = {SIGINT, SIGTERM, SIGHUP};
const int crashSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

void writeText(const char *text) {
  size_t size = std::strlen(text);
  while (size > 0) {
    ssize_t written = ::write(STDERR_FILENO, text, size);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return;
    text += written;
    size -= static_cast<size_t>(written);
  }
}

void removeTemporaries() {
  for (Temporary &temporary : temporaries)
    if (temporary.state.load() == 2)
      ::unlink(temporary.path);
}

/// Removes the temporary files, then ends the process by `signal` with
/// its default action.
[[noreturn]] void dieBy(int signal) {
  removeTemporaries();
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, nullptr);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  sigprocmask(SIG_UNBLOCK, &set, nullptr);
  raise(signal);
  _exit(128 + signal); // a default action that does not end the process
}

void onStopSignal(int signal) {
  int savedErrno = errno;
  if (polling.load() == 0) {
    writeText(interruptMessage.load());
    dieBy(signal);
  }
  if (pendingSignal != 0) {
    writeText("mocc: interrupted again: stopped at once; no result written\n");
    dieBy(signal);
  }
  pendingSignal = signal;
  alarm(stopGraceSeconds);
  errno = savedErrno;
}

static_assert(stopGraceSeconds == 5, "onAlarm's message names the grace period");

/// The grace period of a stop request ended before the run noticed it.
void onAlarm(int) {
  int signal = pendingSignal;
  if (signal == 0 || polling.load() == 0)
    return;
  writeText("mocc: interrupted, and the simulation did not stop within 5 s: stopped at once; "
            "no result written\n");
  dieBy(signal);
}

void onCrash(int signal) { dieBy(signal); }

/// Whether `signal` was ignored when mocc started (SIGHUP under nohup,
/// SIGINT in a background job of a non-interactive shell): it stays so.
bool ignored(int signal) {
  struct sigaction old {};
  sigaction(signal, nullptr, &old);
  return old.sa_handler == SIG_IGN;
}

void install(int signal, void (*handler)(int), int flags) {
  struct sigaction action {};
  action.sa_handler = handler;
  action.sa_flags = flags;
  sigemptyset(&action.sa_mask);
  for (int stop : stopSignals)
    sigaddset(&action.sa_mask, stop);
  sigaddset(&action.sa_mask, SIGALRM);
  sigaction(signal, &action, nullptr);
}

/// A thread's alternate stack for the crash handler, so that a stack
/// overflow's SIGSEGV still runs it. At the thread's end (its thread_local
/// destructors, before the key destructors a sanitizer's thread cleanup
/// runs in) the stack that was in place before comes back and ours is
/// freed: ASan gives each thread a stack of its own and unmaps whichever
/// it finds at the thread's end, which failed on ours (`AddressSanitizer
/// failed to deallocate`, then CHECK failed: every run of an ASan-built
/// mocc ended so when its compiler thread did).
struct AlternateStack {
  void *memory = nullptr;
  stack_t previous{};
  AlternateStack() = default;
  AlternateStack(const AlternateStack &) = delete;
  AlternateStack &operator=(const AlternateStack &) = delete;
  ~AlternateStack() {
    if (!memory)
      return;
    stack_t back{};
    if (previous.ss_flags & SS_DISABLE) {
      back.ss_flags = SS_DISABLE;
    } else {
      back.ss_sp = previous.ss_sp;
      back.ss_size = previous.ss_size;
    }
    sigaltstack(&back, nullptr);
    std::free(memory);
  }
};

} // namespace

void installAlternateStack() {
  thread_local AlternateStack current;
  if (current.memory)
    return;
  size_t size = std::max<size_t>(65536, static_cast<size_t>(SIGSTKSZ));
  void *memory = std::malloc(size);
  if (!memory)
    return;
  stack_t stack{};
  stack.ss_sp = memory;
  stack.ss_size = size;
  if (sigaltstack(&stack, &current.previous) != 0) {
    std::free(memory);
    return;
  }
  current.memory = memory;
}

namespace {

std::atomic<bool> finished{false};

void onExit() {
  if (finished.load())
    return;
  removeTemporaries();
  bool simulating = polling.load() > 0;
  writeText(simulating ? "mocc: error: code of the model ended the process during the "
                         "simulation (an external function called exit() or a Fortran STOP); "
                         "no result written\n"
                       : "mocc: error: code of the model ended the process while translating it "
                         "(an external function called exit() or a Fortran STOP)\n");
  _exit(simulating ? 3 : 1);
}

} // namespace

void guardUnexpectedExit() { std::atexit(onExit); }

void commandFinished() { finished.store(true); }

void installSignalHandlers() {
  installAlternateStack();
  for (int signal : stopSignals)
    if (!ignored(signal))
      install(signal, onStopSignal, SA_RESTART);
  install(SIGALRM, onAlarm, SA_RESTART);
  for (int signal : crashSignals)
    install(signal, onCrash, SA_ONSTACK);
  // The `mocc` program blocks the stop signals before it hands a command to
  // mocc-compiler (tools/mocc/main.cpp): one that came in between is
  // pending, and delivered now, to these handlers.
  sigset_t stops;
  sigemptyset(&stops);
  for (int signal : stopSignals)
    sigaddset(&stops, signal);
  pthread_sigmask(SIG_UNBLOCK, &stops, nullptr);
}

int stopRequest() { return pendingSignal; }

StopPolling::StopPolling() {
  pendingSignal = 0;
  polling.fetch_add(1);
}

StopPolling::~StopPolling() {
  if (polling.fetch_sub(1) == 1)
    alarm(0);
}

void setInterruptMessage(const char *message) { interruptMessage.store(message); }

int registerTemporaryFile(const std::string &path) {
  if (path.size() >= PATH_MAX)
    return -1;
  for (int slot = 0; slot < maxTemporaries; ++slot) {
    int expected = 0;
    if (!temporaries[slot].state.compare_exchange_strong(expected, 1))
      continue;
    std::memcpy(temporaries[slot].path, path.c_str(), path.size() + 1);
    temporaries[slot].state.store(2);
    return slot;
  }
  return -1;
}

void unregisterTemporaryFile(int slot) {
  if (slot >= 0 && slot < maxTemporaries)
    temporaries[slot].state.store(0);
}

const char *signalName(int signal) {
  switch (signal) {
  case SIGINT:
    return "SIGINT";
  case SIGTERM:
    return "SIGTERM";
  case SIGHUP:
    return "SIGHUP";
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  case SIGABRT:
    return "SIGABRT";
  default:
    return "a signal";
  }
}

void endBySignal(int signal) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  dieBy(signal);
}

} // namespace mocc::rt
