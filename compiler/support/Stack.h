// Protection against stack exhaustion in the recursive passes after parsing.
// Lowering, lookup, evaluation and code generation recurse over nested
// expressions, chained definitions and calls; input nested deeply enough
// would overflow the stack. The command line runs the compiler on a thread
// with a large stack (runWithStack), so that deep but legal input compiles,
// and each recursive pass counts its levels with a NestingLevel, which
// throws NestingTooDeep when the thread's stack is nearly used up; the
// driver reports it at the source range the pass was working on.
#pragma once

#include "compiler/support/SourceManager.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace mocc {

/// Thrown when a recursive pass has used nearly all of its thread's stack.
struct NestingTooDeep {
  SourceRange where; ///< may be invalid: a caller that knows better fills it in
  const char *what;  ///< what nests: "expression", "function call", ...
  uint64_t levels;   ///< the levels in use when it was thrown
  /// `<what> nests too deeply (more than N levels)`.
  std::string message() const;
};

/// Whether less than the reserve (a sixteenth of the stack, at most 16 MiB
/// and at least half of a small stack) is left on the calling thread's
/// stack.
bool stackNearlyExhausted();

/// One level of a recursive pass. Constructing it counts the level (per
/// thread) and throws NestingTooDeep{where, what} if the stack is nearly
/// used up.
class NestingLevel {
public:
  NestingLevel(SourceRange where, const char *what) {
    ++depth_;
    if (stackNearlyExhausted())
      fail(where, what);
  }
  ~NestingLevel() { --depth_; }
  NestingLevel(const NestingLevel &) = delete;
  NestingLevel &operator=(const NestingLevel &) = delete;

  /// The levels in use on the calling thread.
  static uint64_t depth() { return depth_; }

private:
  [[noreturn]] void fail(SourceRange where, const char *what);
  // Defined here, constant-initialized: an extern thread_local would be
  // reached through GCC's TLS wrapper, which UBSan reports as a load of a
  // null pointer (see TOOLCHAIN.md).
  static inline thread_local uint64_t depth_ = 0;
};

/// The stack the command line gives the compiler: 512 MiB of reserved
/// address space, of which only the pages a deep input touches cost
/// memory; a quarter of the address space if a limit (RLIMIT_AS) makes
/// that less.
size_t compilerStackBytes();

/// Runs `body` on a new thread with a stack of `bytes` and returns its
/// result (an exception it throws is rethrown here). If no such thread can
/// be made, runs `body` on the calling thread.
int runWithStack(size_t bytes, const std::function<int()> &body);

} // namespace mocc
