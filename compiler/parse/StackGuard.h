// Protection against stack exhaustion. The parser and the AST builder are
// recursive descent, so input nested deeply enough ("((((...") would
// overflow the stack; instead they check how much stack the parse has used
// and give up with a diagnostic.
#pragma once

#include "compiler/support/SourceManager.h"

#include <cstddef>
#include <cstdint>

namespace mocc::parse {

/// Thrown when a parse has used more stack than its StackGuard allows.
struct NestingTooDeep {
  SourceRange
      where; ///< invalid when thrown by the parser: use its current token
};

/// Measures stack use from the frame that constructed it.
class StackGuard {
public:
  explicit StackGuard(size_t limit) : base_(here()), limit_(limit) {}

  /// Whether the stack has grown by more than the limit.
  bool exceeded() const {
    uintptr_t now = here();
    return base_ > now && base_ - now > limit_;
  }

private:
  static uintptr_t here() {
    return reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  }

  uintptr_t base_;
  size_t limit_;
};

} // namespace mocc::parse
