// How much memory the process may use, for checks that refuse work which
// could not fit (a model with more scalar variables than the memory holds)
// before it is started, rather than after minutes of swapping or an
// out-of-memory kill.
#pragma once

#include <cstdint>

namespace mocc {

/// The memory the process may use: the machine's physical memory, or less
/// if a resource limit (RLIMIT_AS, RLIMIT_DATA) or the cgroup's memory.max
/// says so.
uint64_t usableMemoryBytes();

} // namespace mocc
