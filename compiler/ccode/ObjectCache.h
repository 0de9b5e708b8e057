// The cache of compiled C objects on disk: one file per translation unit,
// named by a hash of everything that the object depends on and that is
// known before compiling (the compiler, the target CPU, the flags, the
// text of the main file), holding the object, a hash of its bytes, and the
// list of the headers it included with a hash of their text. An entry is
// used only if every header still has that text and the object its hash.
// Entries are written under a temporary name and renamed, so that two runs
// filling the cache at once each see either nothing or a whole entry.
//
// A header's text is not read again while its stamp (size, inode, times of
// modification and change) is the one recorded with its hash, and the
// stamp was taken when the file had been still for a while (see Stamp).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mocc::ccode {

/// What tells a file's version without reading it. File times come from a
/// coarse clock (a few milliseconds), so a file written twice within one
/// tick keeps its times: a stamp is trusted only if the file had not been
/// modified nor changed for `racySeconds` when it was taken (git's "racily
/// clean" entries). An untrusted stamp is never compared: the file is
/// hashed.
struct Stamp {
  uint64_t size = 0;
  uint64_t inode = 0;
  uint64_t device = 0;
  int64_t modified = 0; ///< nanoseconds since the epoch
  int64_t changed = 0;  ///< the same, of the last change of status
  bool trusted = false;
  bool operator==(const Stamp &) const = default;
};

/// How long a file must have been still for its stamp to be trusted.
constexpr int64_t racySeconds = 2;

/// A file that a compiled object was made from, and the hash of its text.
struct Dependency {
  std::string path;
  std::string hash; ///< empty: the file could not be read
  Stamp stamp;
};

/// What the cache keeps for one translation unit.
struct CacheEntry {
  std::string object;
  std::string constructors; ///< see CompiledObject
  std::string destructors;
  std::vector<Dependency> dependencies;
};

/// The hash of a text: 32 hexadecimal digits (128 bits: XXH64 under two
/// seeds, implemented in ObjectCache.cpp without LLVM).
std::string hashText(std::string_view text);

/// XXH64 of a text with a seed.
uint64_t hash64(std::string_view text, uint64_t seed);

/// `$XDG_CACHE_HOME/mocc`, else `$HOME/.cache/mocc`, else empty.
std::string defaultCacheDirectory();

/// The hash of the bytes of the file at `path` (mapped, not copied), or
/// empty if it cannot be read.
std::string hashFile(const std::string &path);

/// The text of a file and its stamp, taken before reading it (so that a
/// change while it is read makes the stamp differ next time); nothing if it
/// cannot be read.
std::optional<std::string> readStamped(const std::string &path, Stamp &stamp);

/// A file's path, hash and stamp now (hashes are kept per process while the
/// stamp holds: many units include the same headers). Files registered by
/// addVirtualFile have their registered hash.
Dependency fileState(const std::string &path);

/// Whether the file of `d` still has the text hashed in `d`: at once if its
/// stamp is trusted and the same, else by hashing it. `refreshed`, when
/// given, is set if the text is the same but the stamp is not (the record
/// is worth writing again).
bool isUnchanged(const Dependency &d, bool *refreshed = nullptr);

/// Registers a file that exists only in memory (a header of mocc's own),
/// with the hash of its text.
void addVirtualFile(const std::string &path, const std::string &hash);

/// A dependency as a line of a cache file, `<hash> <stamp or -> <path>`,
/// and back (nothing if the line is not that).
std::string formatDependency(const Dependency &d);
std::optional<Dependency> parseDependency(const std::string &line);

/// Writes `text` to `path` through a temporary file in the same folder and
/// a rename, so that a reader sees the old file or the whole new one; false
/// if it cannot.
bool writeAtomically(const std::string &path, std::string_view text);

class ObjectCache {
public:
  /// A cache in `directory` (created when the first entry is stored).
  explicit ObjectCache(std::string directory) : directory_(std::move(directory)) {}

  /// The entry stored under `key`, if there is one, whole, and every
  /// dependency still has the same text (isUnchanged). `refreshed`, when
  /// given, is set if some stamps changed while the texts did not.
  std::optional<CacheEntry> lookup(const std::string &key, bool *refreshed = nullptr) const;

  /// Stores an entry under `key`; false if it cannot be written (the run
  /// goes on without the cache).
  bool store(const std::string &key, const CacheEntry &entry) const;

  /// The file of an entry.
  std::string pathOf(const std::string &key) const;

private:
  std::string directory_;
};

} // namespace mocc::ccode
