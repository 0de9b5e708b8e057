// See Prefault.h.
#include "compiler/support/Prefault.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <csignal>
#include <malloc.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>

namespace mocc {

namespace {

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

constexpr uintptr_t kMiB = uintptr_t{1} << 20;
constexpr uintptr_t kMinPad = 2 * kMiB, kMaxPad = 32 * kMiB;
/// Allocations up to this size come from the heap (glibc's largest dynamic
/// mmap threshold on 64-bit); setting the top pad would otherwise freeze
/// the threshold at 128 KiB and send every growing vector to mmap.
constexpr int kMmapThreshold = 32 * 1024 * 1024;

constexpr std::chrono::microseconds kShortestPoll{200}, kLongestPoll{20000};

/// The program break, from the kernel (glibc's sbrk(0) reads a variable
/// that malloc writes under its lock).
uintptr_t programBreak() { return static_cast<uintptr_t>(syscall(SYS_brk, 0)); }

void prefaultLoop(uintptr_t start) {
  // Signals sent to the process (a stop signal, an alarm) go to the other
  // threads, which act on them; the synchronous ones stay deliverable.
  sigset_t asynchronous;
  sigfillset(&asynchronous);
  for (int synchronous : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP})
    sigdelset(&asynchronous, synchronous);
  pthread_sigmask(SIG_BLOCK, &asynchronous, nullptr);
  const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  uintptr_t done = (start + page - 1) & ~(page - 1);
  uintptr_t pad = kMinPad;
  // The poll interval: short while the heap grows, longer (up to 20 ms)
  // while it does not, so that a long simulation after the compile does not
  // pay for the thread.
  auto interval = kShortestPoll;
  while (true) {
    uintptr_t end = programBreak() & ~(page - 1);
    if (end < done)
      done = end; // the heap was trimmed: what comes back is fresh again
    if (end > done) {
      if (madvise(reinterpret_cast<void *>(done), end - done, MADV_POPULATE_WRITE) != 0 &&
          errno == EINVAL)
        return; // not supported by this kernel (ENOMEM: the heap shrank meanwhile)
      done = end;
      uintptr_t wanted = std::clamp((end - start) / 4, kMinPad, kMaxPad) & ~(kMinPad - 1);
      if (wanted > pad) {
        pad = wanted;
        mallopt(M_TOP_PAD, static_cast<int>(pad));
        mallopt(M_TRIM_THRESHOLD, static_cast<int>(2 * pad));
      }
      interval = kShortestPoll;
      continue;
    }
    std::this_thread::sleep_for(interval);
    interval = std::min(interval * 2, kLongestPoll);
  }
}

} // namespace

void startHeapPrefaulter() {
  static std::atomic<bool> started{false};
  if (started.exchange(true))
    return;
  mallopt(M_MMAP_THRESHOLD, kMmapThreshold);
  mallopt(M_TOP_PAD, static_cast<int>(kMinPad));
  mallopt(M_TRIM_THRESHOLD, static_cast<int>(2 * kMinPad));
  // The break now, before the caller allocates more: what lies beyond it
  // has not been written yet.
  std::thread(prefaultLoop, programBreak()).detach();
}

} // namespace mocc
