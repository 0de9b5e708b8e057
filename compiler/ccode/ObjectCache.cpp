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

#include <llvm/Support/xxhash.h>

#include <atomic>
#include <cinttypes>
#include <cstdio>
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

std::string hashText(std::string_view text) {
  llvm::XXH128_hash_t h = llvm::xxh3_128bits(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(text.data()), text.size()));
  return hex(h.high64, h.low64);
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
