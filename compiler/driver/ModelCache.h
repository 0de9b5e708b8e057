// The cache of compiled models: a second `simulate` of a model whose
// sources did not change (with other overrides, another stop time, another
// result file) skips parsing, flattening, causalization and code
// generation. The first run links the objects its JIT compiled (position-
// independent, the same bytes the JIT ran) with LLD into a shared object in
// the cache (ccode::linkSharedObject), next to an entry that holds what the
// runtime needs (rt::CompiledModel with its functions by name), what
// overrides are checked against (the variables of the flat model, which
// parameters are structural, which values the code reads at run time), the
// files the model was read from (their paths, stamps and hashes, as the C
// code's cache keeps them: ccode/ObjectCache.h) and the listings of the
// folders that lookup searched (a file added there could shadow a class).
//
// An entry is found by a key made of what selects the model before any file
// is read: the command's files, `-m`, the libraries and their search paths,
// the working folder, mocc's own executable (its stamp) and the host CPU. A
// later run checks every file (by its stamp, hashing only a file whose
// stamp changed), every listing, the entry's checksum and the shared
// objects' hashes (a truncated shared object would be a SIGBUS when its
// pages are touched) before it loads the code with dlopen; anything else
// (no entry, a changed file, a damaged entry, a symbol that does not bind)
// compiles the model as before. Entries and shared objects are written under
// temporary names and renamed, so that two runs filling the cache at once
// each see nothing or a whole entry.
#pragma once

#include "compiler/driver/Driver.h"
#include "compiler/flat/FlatModel.h"
#include "compiler/jit/Jit.h"
#include "compiler/plan/Plan.h"
#include "compiler/support/SourceManager.h"
#include "runtime/CompiledModel.h"

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mocc::driver {

/// A compiled model read from the cache, with its code loaded.
struct CachedModel {
  std::string entryPath;
  rt::CompiledModel model;
  /// The flat model's name, variables and enumerations, as far as the
  /// checks of overrides read them (Overrides.h); nothing else is set.
  flat::FlatModel variables;
  std::vector<uint8_t> overridable; ///< plan::SimulationPlan::overridable
  void *handle = nullptr;           ///< of the shared object (dlopen)
  CachedModel() = default;
  CachedModel(const CachedModel &) = delete;
  CachedModel &operator=(const CachedModel &) = delete;
  ~CachedModel();
};

/// The key of the compiled model that `options` select (with the library
/// folders searched), or empty if it has none.
std::string modelCacheKey(const CompileOptions &options, const std::vector<std::string> &roots);

/// The cache folder of compiled models under the cache folder of mocc.
std::string modelCacheFolder(const std::string &cacheDirectory);

/// The model stored under `key`, if its entry is there, whole, and every
/// file it was made from unchanged; its code loaded. Else nothing, with the
/// reason in `why` (empty when there is simply no entry).
std::unique_ptr<CachedModel> loadCachedModel(const std::string &folder, const std::string &key,
                                             std::string &why);

/// Links objects and the shared libraries they need into a shared object in
/// a folder (ccode::linkSharedObject, given by the compiler: this file needs
/// no LLVM).
using SharedObjectLinker = std::function<std::optional<std::string>(
    std::span<const std::string> objects,
    std::span<const std::vector<std::pair<std::string, std::string>>> archives,
    const std::vector<std::string> &libraries, const std::string &folder, std::string &why)>;

/// Stores a compiled model under `key`: `compiled` bound from `contents`
/// (the JIT's objects, with the names of the functions looked up), the flat
/// model and plan it was made from, the sources read, and the library
/// roots searched. False with the reason in `why` if it cannot (the JIT
/// holds C code of its own, a file cannot be hashed, LLD fails, the folder
/// cannot be written); the run goes on without it.
bool storeCachedModel(const std::string &folder, const std::string &key,
                      const rt::CompiledModel &compiled, const flat::FlatModel &model,
                      const plan::SimulationPlan &plan, const jit::Jit::Contents &contents,
                      const SourceManager &sources, const std::vector<std::string> &roots,
                      const SharedObjectLinker &link, std::string &why);

} // namespace mocc::driver
