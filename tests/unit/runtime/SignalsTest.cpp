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
  std::vector<char> before(65536);
  stack_t during{}, atEnd{};
  std::thread thread([&] {
    thread_local StackAtEnd probe;
    probe.seen = &atEnd;
    stack_t mine{};
    mine.ss_sp = before.data();
    mine.ss_size = before.size();
    REQUIRE(sigaltstack(&mine, nullptr) == 0); // as ASan does for each thread
    installAlternateStack();
    installAlternateStack(); // a second call keeps the first stack
    during = current();
  });
  thread.join();
  CHECK((during.ss_flags & SS_DISABLE) == 0);
  CHECK(during.ss_sp != before.data());
  CHECK(during.ss_size >= 65536);
  CHECK(atEnd.ss_sp == before.data());
  CHECK(atEnd.ss_size == before.size());
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
