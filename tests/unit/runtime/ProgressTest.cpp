// The progress report (runtime/Progress.h): its text, a line per report
// into a log, one line overwritten in place and cleared on a terminal, and
// nothing when disabled or before the delay.
#include "runtime/Progress.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

using mocc::rt::Progress;
using mocc::rt::ProgressOptions;

namespace {

/// What a Progress wrote, through a memory stream.
struct Captured {
  char *buffer = nullptr;
  size_t size = 0;
  FILE *file = open_memstream(&buffer, &size);
  std::string text() {
    std::fflush(file);
    return std::string(buffer, size);
  }
  ~Captured() {
    std::fclose(file);
    std::free(buffer);
  }
};

/// Calls update() as often as the clock is read once.
void step(Progress &progress, double t, long steps) {
  for (uint32_t i = 0; i < Progress::clockEvery; ++i)
    progress.update(t, [&] { return steps; });
}

} // namespace

TEST_CASE("a report names the time, the percent of the span, the wall time and the steps") {
  CHECK(Progress::format(0.5, 0, 2, 1.25, 42) == "mocc: t = 0.5 of 2 (25.0%), 1.2 s, 42 steps");
  CHECK(Progress::format(3, 1, 3, 0, 7) == "mocc: t = 3 of 3 (100.0%), 0.0 s, 7 steps");
  CHECK(Progress::format(0, 0, 0, 0, 0).find("(100.0%)") != std::string::npos);
}

TEST_CASE("forced into a log: a line per report, nothing to clear") {
  Captured out;
  ProgressOptions options{true, false, 0.0, 0.0};
  {
    Progress progress(options, 0, 10, out.file);
    step(progress, 1, 5);
    step(progress, 2, 9);
  }
  std::string text = out.text();
  CHECK(text.find("mocc: t = 1 of 10 (10.0%)") != std::string::npos);
  CHECK(text.find("mocc: t = 2 of 10 (20.0%)") != std::string::npos);
  CHECK(text.find("9 steps\n") != std::string::npos);
  CHECK(text.find('\r') == std::string::npos);
}

TEST_CASE("on a terminal: one line overwritten in place, cleared at the end") {
  Captured out;
  ProgressOptions options{true, true, 0.0, 0.0};
  {
    Progress progress(options, 0, 1, out.file);
    step(progress, 0.25, 100);
    step(progress, 0.5, 3);
  }
  std::string text = out.text();
  CHECK(text.find('\n') == std::string::npos);
  CHECK(text.starts_with("\rmocc: t = 0.25 of 1"));
  // The shorter second report covers the rest of the first with blanks,
  // and the end blanks the line and returns to its start.
  CHECK(text.find("3 steps ") != std::string::npos);
  CHECK(text.ends_with(" \r"));
}

TEST_CASE("disabled, or before the delay: nothing") {
  Captured out;
  {
    Progress off(ProgressOptions{false, true, 0.0, 0.0}, 0, 1, out.file);
    step(off, 0.5, 1);
    Progress later(ProgressOptions{true, true, 3600.0, 0.0}, 0, 1, out.file);
    step(later, 0.5, 1);
  }
  CHECK(out.text().empty());
}
