// Tests of the alternate stacks the crash handler runs on: a thread's own,
// made by installAlternateStack, and the one in place before it (a
// sanitizer's), which must be back when the thread ends.
#include "runtime/Signals.h"

#include <doctest/doctest.h>

#include <csignal>
#include <thread>
#include <vector>

using namespace mocc::rt;

namespace {

/// The thread's alternate stack as its last thread_local destructors see
/// it: those of objects made before installAlternateStack run after its own.
struct StackAtEnd {
  stack_t *seen = nullptr;
  ~StackAtEnd() {
    if (seen)
      sigaltstack(nullptr, seen);
  }
};

stack_t current() {
  stack_t stack{};
  sigaltstack(nullptr, &stack);
  return stack;
}

} // namespace

TEST_CASE("a thread's alternate stack is its own, and the one before comes back at its end") {
  std::vector<char> buffer(65536);
  stack_t before{}, during{}, atEnd{};
  std::thread thread([&] {
    thread_local StackAtEnd probe;
    probe.seen = &atEnd;
    before = current();
    if (before.ss_flags & SS_DISABLE) { // no sanitizer's stack: make one as ASan does
      before = stack_t{};
      before.ss_sp = buffer.data();
      before.ss_size = buffer.size();
      REQUIRE(sigaltstack(&before, nullptr) == 0);
    } // else ASan's own, which it unmaps at the thread's end: it must stay
    installAlternateStack();
    installAlternateStack(); // a second call keeps the first stack
    during = current();
  });
  thread.join();
  CHECK((during.ss_flags & SS_DISABLE) == 0);
  CHECK(during.ss_sp != before.ss_sp);
  CHECK(during.ss_size >= 65536);
  CHECK(atEnd.ss_sp == before.ss_sp);
  CHECK(atEnd.ss_size == before.ss_size);
}

TEST_CASE("a thread without an alternate stack before has none at its end") {
  stack_t during{}, atEnd{};
  std::thread thread([&] {
    thread_local StackAtEnd probe;
    probe.seen = &atEnd;
    stack_t off{};
    off.ss_flags = SS_DISABLE;
    REQUIRE(sigaltstack(&off, nullptr) == 0);
    installAlternateStack();
    during = current();
  });
  thread.join();
  CHECK((during.ss_flags & SS_DISABLE) == 0);
  CHECK((atEnd.ss_flags & SS_DISABLE) != 0);
}
