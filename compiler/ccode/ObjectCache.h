// The cache of compiled C objects on disk: one file per translation unit,
// named by a hash of everything that the object depends on and that is
// known before compiling (the compiler, the target CPU, the flags, the
// text of the main file), holding the object and the list of the headers
// it included with a hash of their text. An entry is used only if every
// header still has that text. Entries are written under a temporary name
// and renamed, so that two runs filling the cache at once each see either
// nothing or a whole entry.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mocc::ccode {

/// A file that a compiled object was made from, and the hash of its text.
struct Dependency {
  std::string path;
  std::string hash;
};

/// What the cache keeps for one translation unit.
struct CacheEntry {
  std::string object;
  std::string constructors; ///< see CompiledObject
  std::string destructors;
  std::vector<Dependency> dependencies;
};

/// The hash of a text: 32 hexadecimal digits (XXH3, 128 bits).
std::string hashText(std::string_view text);

class ObjectCache {
public:
  /// A cache in `directory` (created when the first entry is stored).
  explicit ObjectCache(std::string directory) : directory_(std::move(directory)) {}

  /// The entry stored under `key`, if there is one and every dependency
  /// still has the same hash (`hashOf` gives the current one, empty if the
  /// file is gone).
  std::optional<CacheEntry> lookup(const std::string &key,
                                   const std::function<std::string(const std::string &)> &hashOf) const;

  /// Stores an entry under `key`; false if it cannot be written (the run
  /// goes on without the cache).
  bool store(const std::string &key, const CacheEntry &entry) const;

  /// The file of an entry.
  std::string pathOf(const std::string &key) const;

private:
  std::string directory_;
};

} // namespace mocc::ccode
