// The on-disk cache of compiled C objects; see ObjectCache.h. An entry is
// a small text header followed by the object's bytes:
//
//   mocc-c-object 1
//   constructors <symbol or ->
//   destructors <symbol or ->
//   dependencies <n>
//   <hash> <path>            (n lines)
//   object <bytes>
//   <the object file>
#include "compiler/ccode/ObjectCache.h"
#include "compiler/ccode/Files.h"

#include <llvm/Support/xxhash.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mocc::ccode {

namespace {

constexpr const char *magic = "mocc-c-object 1";

std::string hex(uint64_t high, uint64_t low) {
  char text[33];
  std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(high),
                static_cast<unsigned long long>(low));
  return text;
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

} // namespace

std::string hashText(std::string_view text) {
  llvm::XXH128_hash_t h = llvm::xxh3_128bits(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(text.data()), text.size()));
  return hex(h.high64, h.low64);
}

std::string ObjectCache::pathOf(const std::string &key) const {
  return directory_ + "/" + key.substr(0, 2) + "/" + key + ".o";
}

std::optional<CacheEntry>
ObjectCache::lookup(const std::string &key,
                    const std::function<std::string(const std::string &)> &hashOf) const {
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
    if (!nextLine(*text, pos, line) || line.size() < 34 || line[32] != ' ')
      return std::nullopt;
    Dependency d{line.substr(33), line.substr(0, 32)};
    if (hashOf(d.path) != d.hash)
      return std::nullopt; // a header changed: compile again
    entry.dependencies.push_back(std::move(d));
  }
  if (!nextLine(*text, pos, line))
    return std::nullopt;
  auto size = field(line, "object");
  if (!size)
    return std::nullopt;
  size_t bytes = std::strtoull(size->c_str(), nullptr, 10);
  if (text->size() - pos != bytes)
    return std::nullopt; // a truncated file (a full disk): compile again
  entry.object = text->substr(pos);
  return entry;
}

bool ObjectCache::store(const std::string &key, const CacheEntry &entry) const {
  static std::atomic<unsigned> counter{0};
  std::string path = pathOf(key);
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
    out << magic << '\n';
    out << "constructors " << (entry.constructors.empty() ? "-" : entry.constructors) << '\n';
    out << "destructors " << (entry.destructors.empty() ? "-" : entry.destructors) << '\n';
    out << "dependencies " << entry.dependencies.size() << '\n';
    for (const Dependency &d : entry.dependencies)
      out << d.hash << ' ' << d.path << '\n';
    out << "object " << entry.object.size() << '\n';
    out.write(entry.object.data(), static_cast<std::streamsize>(entry.object.size()));
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

} // namespace mocc::ccode
