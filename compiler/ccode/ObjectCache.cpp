// The on-disk cache of compiled C objects; see ObjectCache.h. An entry is
// a small text header followed by the object's bytes:
//
//   mocc-c-object 2
//   constructors <symbol or ->
//   destructors <symbol or ->
//   dependencies <n>
//   <hash> <stamp or -> <path>      (n lines; the stamp is
//                                    size:inode:device:modified:changed)
//   object <bytes> <hash of the bytes>
//   <the object file>
#include "compiler/ccode/ObjectCache.h"
#include "compiler/ccode/Files.h"


#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mocc::ccode {

namespace {

constexpr const char *magic = "mocc-c-object 2";

std::string hex(uint64_t high, uint64_t low) {
  char text[33];
  std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(high),
                static_cast<unsigned long long>(low));
  return text;
}

bool isHash(std::string_view text) {
  return text.size() == 32 && text.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

/// Reads the line that starts at `pos` (without its newline) and moves
/// `pos` past it; false at the end.
bool nextLine(const std::string &text, size_t &pos, std::string &line) {
  if (pos >= text.size())
    return false;
  size_t end = text.find('\n', pos);
  if (end == std::string::npos)
    return false;
  line = text.substr(pos, end - pos);
  pos = end + 1;
  return true;
}

/// The value after `word ` on a line, or nothing if the line is not that.
std::optional<std::string> field(const std::string &line, const std::string &word) {
  if (line.rfind(word + " ", 0) != 0)
    return std::nullopt;
  return line.substr(word.size() + 1);
}

int64_t nanoseconds(const struct timespec &t) {
  return static_cast<int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

/// The stamp of a file from its status, trusted if it has been still for
/// racySeconds.
Stamp stampOf(const struct stat &info) {
  Stamp s;
  s.size = static_cast<uint64_t>(info.st_size);
  s.inode = static_cast<uint64_t>(info.st_ino);
  s.device = static_cast<uint64_t>(info.st_dev);
  s.modified = nanoseconds(info.st_mtim);
  s.changed = nanoseconds(info.st_ctim);
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  int64_t latest = std::max(s.modified, s.changed);
  s.trusted = nanoseconds(now) - latest >= racySeconds * 1000000000;
  return s;
}

/// Whether two stamps name the same version of a file (trust aside).
bool sameVersion(const Stamp &a, const Stamp &b) {
  return a.size == b.size && a.inode == b.inode && a.device == b.device &&
         a.modified == b.modified && a.changed == b.changed;
}

/// The hashes of files seen by this process, by path, with the stamp they
/// were taken at (used again only while that stamp is trusted and holds),
/// and the files that exist only in memory.
struct Known {
  std::mutex mutex;
  std::map<std::string, Dependency> files;
  std::map<std::string, std::string> virtualFiles;
};

Known &known() {
  static Known k;
  return k;
}

} // namespace

namespace {

// XXH64 (Yann Collet, xxHash, https://github.com/Cyan4973/xxHash, "XXH64
// algorithm description"), written here so that hashing needs no LLVM: the
// warm run of a cached compiled model (driver/ModelCache.h) checks files
// without loading libLLVM.
constexpr uint64_t prime1 = 0x9E3779B185EBCA87ULL;
constexpr uint64_t prime2 = 0xC2B2AE3D27D4EB4FULL;
constexpr uint64_t prime3 = 0x165667B19E3779F9ULL;
constexpr uint64_t prime4 = 0x85EBCA77C2B2AE63ULL;
constexpr uint64_t prime5 = 0x27D4EB2F165667C5ULL;

uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

uint64_t read64(const unsigned char *p) {
  uint64_t v;
  std::memcpy(&v, p, sizeof v); // little-endian hosts only (x86-64, AArch64)
  return v;
}

uint32_t read32(const unsigned char *p) {
  uint32_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

uint64_t round64(uint64_t acc, uint64_t input) {
  acc += input * prime2;
  acc = rotl(acc, 31);
  return acc * prime1;
}

uint64_t merge64(uint64_t acc, uint64_t value) {
  acc ^= round64(0, value);
  return acc * prime1 + prime4;
}

uint64_t xxh64(const unsigned char *p, size_t length, uint64_t seed) {
  const unsigned char *end = p + length;
  uint64_t h;
  if (length >= 32) {
    uint64_t v1 = seed + prime1 + prime2, v2 = seed + prime2, v3 = seed, v4 = seed - prime1;
    const unsigned char *limit = end - 32;
    do {
      v1 = round64(v1, read64(p));
      v2 = round64(v2, read64(p + 8));
      v3 = round64(v3, read64(p + 16));
      v4 = round64(v4, read64(p + 24));
      p += 32;
    } while (p <= limit);
    h = rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18);
    h = merge64(h, v1);
    h = merge64(h, v2);
    h = merge64(h, v3);
    h = merge64(h, v4);
  } else {
    h = seed + prime5;
  }
  h += static_cast<uint64_t>(length);
  for (; p + 8 <= end; p += 8) {
    h ^= round64(0, read64(p));
    h = rotl(h, 27) * prime1 + prime4;
  }
  if (p + 4 <= end) {
    h ^= static_cast<uint64_t>(read32(p)) * prime1;
    h = rotl(h, 23) * prime2 + prime3;
    p += 4;
  }
  for (; p < end; ++p) {
    h ^= static_cast<uint64_t>(*p) * prime5;
    h = rotl(h, 11) * prime1;
  }
  h ^= h >> 33;
  h *= prime2;
  h ^= h >> 29;
  h *= prime3;
  h ^= h >> 32;
  return h;
}

} // namespace

uint64_t hash64(std::string_view text, uint64_t seed) {
  return xxh64(reinterpret_cast<const unsigned char *>(text.data()), text.size(), seed);
}

std::string hashText(std::string_view text) {
  // 128 bits: XXH64 under two seeds.
  return hex(hash64(text, prime5), hash64(text, 0));
}

std::string defaultCacheDirectory() {
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/')
    return std::string(xdg) + "/mocc";
  if (const char *home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/mocc";
  return "";
}

std::string hashFile(const std::string &path) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return "";
  struct stat info;
  std::string hash;
  if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
    size_t size = static_cast<size_t>(info.st_size);
    if (size == 0) {
      hash = hashText("");
    } else if (void *bytes = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0); bytes != MAP_FAILED) {
      hash = hashText(std::string_view(static_cast<const char *>(bytes), size));
      munmap(bytes, size);
    }
  }
  close(fd);
  return hash;
}

std::optional<std::string> readStamped(const std::string &path, Stamp &stamp) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode))
    return std::nullopt;
  stamp = stampOf(info);
  return readFile(path);
}

void addVirtualFile(const std::string &path, const std::string &hash) {
  std::lock_guard<std::mutex> lock(known().mutex);
  known().virtualFiles[path] = hash;
}

Dependency fileState(const std::string &path) {
  Known &k = known();
  {
    std::lock_guard<std::mutex> lock(k.mutex);
    if (auto it = k.virtualFiles.find(path); it != k.virtualFiles.end())
      return {path, it->second, {}};
    struct stat info;
    if (stat(path.c_str(), &info) != 0)
      return {path, "", {}};
    if (auto it = k.files.find(path);
        it != k.files.end() && it->second.stamp.trusted && sameVersion(it->second.stamp, stampOf(info)))
      return it->second;
  }
  Dependency d{path, "", {}};
  if (auto text = readStamped(path, d.stamp))
    d.hash = hashText(*text);
  std::lock_guard<std::mutex> lock(k.mutex);
  if (!d.hash.empty())
    k.files[path] = d;
  return d;
}

bool isUnchanged(const Dependency &d, bool *refreshed) {
  if (d.stamp.trusted) {
    bool isVirtual;
    {
      std::lock_guard<std::mutex> lock(known().mutex);
      isVirtual = known().virtualFiles.count(d.path) > 0;
    }
    struct stat info;
    if (!isVirtual && stat(d.path.c_str(), &info) == 0 && sameVersion(stampOf(info), d.stamp))
      return true;
  }
  Dependency now = fileState(d.path);
  if (now.hash.empty() || now.hash != d.hash)
    return false;
  if (refreshed && now.stamp.trusted && !(now.stamp == d.stamp))
    *refreshed = true;
  return true;
}

std::string formatDependency(const Dependency &d) {
  std::string stamp = "-";
  if (d.stamp.trusted) {
    char text[128];
    std::snprintf(text, sizeof text, "%" PRIu64 ":%" PRIu64 ":%" PRIu64 ":%" PRId64 ":%" PRId64,
                  d.stamp.size, d.stamp.inode, d.stamp.device, d.stamp.modified, d.stamp.changed);
    stamp = text;
  }
  return d.hash + " " + stamp + " " + d.path;
}

std::optional<Dependency> parseDependency(const std::string &line) {
  if (line.size() < 36 || line[32] != ' ' || !isHash(std::string_view(line).substr(0, 32)))
    return std::nullopt;
  size_t space = line.find(' ', 33);
  if (space == std::string::npos || space + 1 >= line.size())
    return std::nullopt;
  Dependency d{line.substr(space + 1), line.substr(0, 32), {}};
  std::string stamp = line.substr(33, space - 33);
  if (stamp != "-") {
    unsigned long long size, inode, device;
    long long modified, changed;
    int consumed = 0;
    if (std::sscanf(stamp.c_str(), "%llu:%llu:%llu:%lld:%lld%n", &size, &inode, &device, &modified,
                    &changed, &consumed) != 5 ||
        static_cast<size_t>(consumed) != stamp.size())
      return std::nullopt;
    d.stamp = {size, inode, device, modified, changed, true};
  }
  return d;
}

bool writeAtomically(const std::string &path, std::string_view text) {
  static std::atomic<unsigned> counter{0};
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  if (ec)
    return false;
  // A name no other process or thread uses, in the same folder, so that
  // the rename is atomic.
  std::string temporary = path + ".tmp." + std::to_string(getpid()) + "." +
                          std::to_string(counter.fetch_add(1));
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out)
      return false;
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out) {
      fs::remove(temporary, ec);
      return false;
    }
  }
  fs::rename(temporary, path, ec);
  if (ec) {
    fs::remove(temporary, ec);
    return false;
  }
  return true;
}

std::string ObjectCache::pathOf(const std::string &key) const {
  return directory_ + "/" + key.substr(0, 2) + "/" + key + ".o";
}

std::optional<CacheEntry> ObjectCache::lookup(const std::string &key, bool *refreshed) const {
  auto text = readFile(pathOf(key));
  if (!text)
    return std::nullopt;
  size_t pos = 0;
  std::string line;
  CacheEntry entry;
  if (!nextLine(*text, pos, line) || line != magic)
    return std::nullopt;
  for (std::string *target : {&entry.constructors, &entry.destructors}) {
    if (!nextLine(*text, pos, line))
      return std::nullopt;
    auto value = field(line, target == &entry.constructors ? "constructors" : "destructors");
    if (!value)
      return std::nullopt;
    *target = *value == "-" ? "" : *value;
  }
  if (!nextLine(*text, pos, line))
    return std::nullopt;
  auto count = field(line, "dependencies");
  if (!count)
    return std::nullopt;
  size_t n = std::strtoull(count->c_str(), nullptr, 10);
  for (size_t i = 0; i < n; ++i) {
    if (!nextLine(*text, pos, line))
      return std::nullopt;
    auto d = parseDependency(line);
    if (!d)
      return std::nullopt;
    entry.dependencies.push_back(std::move(*d));
  }
  if (!nextLine(*text, pos, line))
    return std::nullopt;
  auto size = field(line, "object");
  if (!size)
    return std::nullopt;
  size_t space = size->find(' ');
  if (space == std::string::npos)
    return std::nullopt;
  size_t bytes = std::strtoull(size->c_str(), nullptr, 10);
  if (text->size() - pos != bytes)
    return std::nullopt; // a truncated file (a full disk): compile again
  std::string_view object = std::string_view(*text).substr(pos);
  if (hashText(object) != size->substr(space + 1))
    return std::nullopt; // damaged: compile again
  // Last, since it may read the headers: whether they are the same.
  bool changedStamps = false;
  for (const Dependency &d : entry.dependencies)
    if (!isUnchanged(d, &changedStamps))
      return std::nullopt; // a header changed: compile again
  if (changedStamps) {
    for (Dependency &d : entry.dependencies)
      d = fileState(d.path);
    if (refreshed)
      *refreshed = true;
  }
  entry.object = std::string(object);
  return entry;
}

bool ObjectCache::store(const std::string &key, const CacheEntry &entry) const {
  for (const Dependency &d : entry.dependencies)
    if (d.hash.empty() || d.path.find('\n') != std::string::npos)
      return false; // a header that cannot be checked later
  std::string text = std::string(magic) + "\n";
  text += "constructors " + (entry.constructors.empty() ? "-" : entry.constructors) + "\n";
  text += "destructors " + (entry.destructors.empty() ? "-" : entry.destructors) + "\n";
  text += "dependencies " + std::to_string(entry.dependencies.size()) + "\n";
  for (const Dependency &d : entry.dependencies)
    text += formatDependency(d) + "\n";
  text += "object " + std::to_string(entry.object.size()) + " " + hashText(entry.object) + "\n";
  text += entry.object;
  return writeAtomically(pathOf(key), text);
}

} // namespace mocc::ccode
