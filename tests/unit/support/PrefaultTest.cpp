// Unit test of the heap prefaulter (compiler/support/Prefault.h): fresh heap
// pages that nothing has written become resident on their own.
#include "compiler/support/Prefault.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <doctest/doctest.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>
#include <vector>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MOCC_OWN_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define MOCC_OWN_ALLOCATOR 1
#endif
#endif

#ifndef MOCC_OWN_ALLOCATOR
namespace {

/// How many of the pages strictly inside [begin, begin + size) are resident.
size_t residentPages(const char *begin, size_t size, size_t &pages) {
  const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  uintptr_t first = (reinterpret_cast<uintptr_t>(begin) + page) & ~(page - 1);
  uintptr_t last = (reinterpret_cast<uintptr_t>(begin) + size - page) & ~(page - 1);
  pages = (last - first) / page;
  std::vector<unsigned char> resident(pages);
  if (mincore(reinterpret_cast<void *>(first), last - first, resident.data()) != 0)
    return 0;
  size_t count = 0;
  for (unsigned char r : resident)
    count += r & 1;
  return count;
}

} // namespace
#endif

TEST_CASE("fresh heap pages become resident before anything writes them") {
#ifdef MOCC_OWN_ALLOCATOR
  MESSAGE("skipped: a sanitizer's allocator does not take memory from the program break");
#else
  mocc::startHeapPrefaulter();
  auto before = static_cast<uintptr_t>(syscall(SYS_brk, 0));
  const size_t size = size_t{8} << 20; // below the mmap threshold the prefaulter sets
  char *block = static_cast<char *>(std::malloc(size));
  REQUIRE(block != nullptr);
  // Its part beyond the old break is memory that nothing wrote before.
  uintptr_t end = reinterpret_cast<uintptr_t>(block) + size;
  REQUIRE(end > before + (size_t{4} << 20));
  uintptr_t from = std::max(before, reinterpret_cast<uintptr_t>(block));
  const char *fresh = reinterpret_cast<const char *>(from);
  size_t pages = 0;
  size_t resident = residentPages(fresh, end - from, pages);
  for (int i = 0; i < 400 && resident < pages; ++i) { // up to 2 s
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    resident = residentPages(fresh, end - from, pages);
  }
  CHECK(pages > 500);
  CHECK(resident == pages);
  std::free(block);
#endif
}
