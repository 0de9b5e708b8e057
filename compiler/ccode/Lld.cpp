// LLD's ELF linker in process; see Lld.h. LLD as a library keeps global
// state (one link at a time, and none after a link it could not clean up
// after) and, when its `fatal()` runs (or at its 21st error unless
// --error-limit says otherwise), ends the process with exit() unless LLVM's
// crash recovery is enabled, which makes it return to lldMain instead: it
// is enabled around the link only.
//
// LLD checks that it can write its output by creating it through a
// temporary file that LLVM removes on a signal, and for that LLVM installs
// its signal handlers over the process's (mocc's: runtime/Signals.h) and,
// on the calling thread, an alternate signal stack of its own if the one in
// place is smaller than MINSIGSTKSZ + 64 KiB (mocc's compiler thread has 64
// KiB; ASan failed to unmap LLVM's when the thread ended). So the link runs
// on an alternate stack large enough for LLVM, and afterwards the handlers
// and the stack in place before come back. Nothing else in mocc registers
// LLVM's handlers (llvm::sys::unregisterHandlers would drop those too).
//
// In a sanitizer build this file and LLD's static libraries make a shared
// library of their own, compiled without the sanitizers and linked with
// -Bsymbolic: LLVM's headers change what some inline code does under ASan
// (BumpPtrAllocator poisons its slabs), and an instrumented copy of such a
// function, chosen by the linker for LLD's calls too, reported LLD's own
// allocations as use-after-poison.
#include "compiler/ccode/Lld.h"

#include <lld/Common/Driver.h>
#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/Signals.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string>

LLD_HAS_DRIVER(elf)

extern "C" int mocc_lld_link(int argc, const char *const *argv, char *messages, size_t capacity,
                             int *canRunAgain) {
  std::string out, err;
  llvm::raw_string_ostream outStream(out), errStream(err);
  // An alternate stack that LLVM accepts, for the time of the link.
  constexpr size_t stackSize = 256 * 1024;
  stack_t previous{};
  void *stack = std::malloc(stackSize);
  bool swapped = false;
  if (stack) {
    stack_t ours{};
    ours.ss_sp = stack;
    ours.ss_size = stackSize;
    swapped = sigaltstack(&ours, &previous) == 0;
  }
  llvm::CrashRecoveryContext::Enable();
  lld::Result result = lld::lldMain(llvm::ArrayRef<const char *>(argv, static_cast<size_t>(argc)),
                                    outStream, errStream, {{lld::Gnu, &lld::elf::link}});
  // In the reverse order of their installation: the link's signal
  // handlers (RemoveFileOnSignal) saved crash recovery's as the ones to
  // put back, and crash recovery saved the process's. The other order left
  // crash recovery's handler for SIGSEGV, SIGABRT, ... in place, disabled:
  // a crash signal after a link then re-raised itself forever.
  llvm::sys::unregisterHandlers();
  llvm::CrashRecoveryContext::Disable(); // the process's handlers again
  if (swapped) {
    stack_t back{};
    if (previous.ss_flags & SS_DISABLE) {
      back.ss_flags = SS_DISABLE;
    } else {
      back.ss_sp = previous.ss_sp;
      back.ss_size = previous.ss_size;
    }
    sigaltstack(&back, nullptr);
  }
  std::free(stack); // no longer in place
  outStream.flush();
  errStream.flush();
  std::string text = err + out;
  if (capacity > 0) {
    size_t n = std::min(text.size(), capacity - 1);
    std::memcpy(messages, text.data(), n);
    messages[n] = '\0';
  }
  *canRunAgain = result.canRunAgain ? 1 : 0;
  return result.retCode;
}
