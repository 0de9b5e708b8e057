// LLD's ELF linker, run in process (ccode/SharedLibrary.cpp links compiled
// C units into a shared object with it). Behind a C interface in a
// translation unit of its own, because in sanitizer builds LLD's static
// libraries go into a shared library of their own, built without the
// sanitizers (see Lld.cpp).
#pragma once

#include <cstddef>

extern "C" {

/// Runs `ld.lld argv[1] ... argv[argc - 1]` (argv[0] names the program).
/// Returns LLD's exit code (0: linked); its messages go to `messages` (at
/// most `capacity` bytes with the final NUL). `canRunAgain` is set to 0 if
/// LLD could not clean up after itself (then it must not be run again in
/// this process). Not reentrant: one link at a time.
int mocc_lld_link(int argc, const char *const *argv, char *messages, size_t capacity,
                  int *canRunAgain);
}
