// The memory the process may use; see Memory.h.
#include "compiler/support/Memory.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <unistd.h>

namespace mocc {

uint64_t usableMemoryBytes() {
  uint64_t bytes = UINT64_MAX;
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && pageSize > 0)
    bytes = static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize);
  for (int resource : {RLIMIT_AS, RLIMIT_DATA}) {
    struct rlimit limit;
    if (getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
      bytes = std::min<uint64_t>(bytes, limit.rlim_cur);
  }
  std::ifstream cgroup("/sys/fs/cgroup/memory.max");
  std::string max;
  if (cgroup >> max && max != "max") {
    uint64_t limit = std::strtoull(max.c_str(), nullptr, 10);
    if (limit > 0)
      bytes = std::min(bytes, limit);
  }
  return bytes;
}

} // namespace mocc
