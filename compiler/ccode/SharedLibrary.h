// The C libraries of a model as one shared library in the cache. Linking
// the objects of the MSL's C libraries into the JIT cost about 8 ms a run
// (JITLink parses, allocates and relocates a megabyte of objects), and
// checking their cached objects 9 ms more (every source and header read
// and hashed); a shared library made of them once, when they are compiled,
// loads with dlopen in a tenth of a millisecond. So the units of the
// libraries that a model's external functions need are linked, at the
// first run, by LLD (in process) into a shared object kept in the cache
// with a manifest: the files it was made from with the hashes of their
// texts and their stamps (ObjectCache.h). A later run finds the manifest by
// the units' identities (no file read), checks every file by its stamp
// (a file whose stamp changed is hashed), checks the shared object's bytes
// against their hash, and loads it.
//
// The shared object is linked with -Bsymbolic, so that its references to
// its own functions bind to them and not to a library of the process of
// the same name (the MSL's zlib and the system's libz). Its undefined
// symbols are bound by the dynamic loader, as the JIT binds those of its
// objects to the process (libc, libm, and the ModelicaUtilities functions
// that programs linking the runtime export). A unit that needs a symbol
// found nowhere (a function of a static library that no model calls, as in
// an archive it is harmless until needed), or a symbol defined only by
// such a unit, stays out: its object goes to the JIT as before, where it
// is linked only if needed. The units' C constructors run when the shared
// object is loaded and their destructors when it is unloaded, through an
// object made for it (structorObject).
#pragma once

#include "compiler/ccode/CCompiler.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mocc::ccode {

/// A shared object made of compiled units, in the cache.
struct SharedLibrary {
  /// The .so file; empty if the units are known not to link into one (LLD
  /// refused them, say for a symbol that two of them define, or every one
  /// needs a symbol found nowhere): the JIT links their objects.
  std::string path;
  std::vector<size_t> outside; ///< the units it does not hold (indices)
  /// The global symbols its units define, sorted: a definition of one of
  /// them elsewhere (an Include annotation's `usertab`) must win, as it
  /// does over an archive member, and cannot once the shared object binds
  /// its own references: such a run links the objects in the JIT instead.
  std::vector<std::string> defines;
};

/// The global symbols that an object file defines (nothing if it cannot be
/// read).
std::vector<std::string> definedSymbols(const std::string &object);

/// The shared library of `units` in the cache under `cacheDirectory`, if
/// it is there, whole, and every file it was made from has the same text
/// (see the file comment); nothing otherwise.
std::optional<SharedLibrary> findSharedLibrary(std::span<const Source> units,
                                               const std::string &cacheDirectory);

/// Links the compiled `objects` of `units` (every one compiled) into a
/// shared library in the cache, with its manifest, and returns it; nothing
/// with the reason in `why` if it cannot (no cache, LLD fails, no unit can
/// go in; for the last two the manifest says so, with an empty path, see
/// SharedLibrary). Runs that link the same units at once each write whole
/// files under temporary names and rename them.
std::optional<SharedLibrary> makeSharedLibrary(std::span<const Source> units,
                                               std::span<const CompiledObject> objects,
                                               const std::string &cacheDirectory, std::string &why);

/// A static library's members: (name, object file).
using ArchiveMembers = std::vector<std::pair<std::string, std::string>>;

/// Links object files (all of them), the members of `archives` that they
/// need (as a linker takes them from a static library) and the shared
/// `libraries` they refer to into a shared object in `folder`, named by the
/// hash of its bytes (`<hash>.so`), with LLD as makeSharedLibrary does
/// (written under a temporary name and renamed); its path, or nothing with
/// the reason in `why`. The cache of compiled models (driver/ModelCache.h)
/// links a model's code with it.
std::optional<std::string> linkSharedObject(std::span<const std::string> objects,
                                            std::span<const ArchiveMembers> archives,
                                            const std::vector<std::string> &libraries,
                                            const std::string &folder, std::string &why);

} // namespace mocc::ccode
