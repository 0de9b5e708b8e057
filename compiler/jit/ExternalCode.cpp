// The C code of external functions in the JIT; see ExternalCode.h.
#include "compiler/jit/ExternalCode.h"

#include "compiler/ccode/LibrarySources.h"
#include "compiler/ccode/SharedLibrary.h"
#include "compiler/codegen/Codegen.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>

namespace fs = std::filesystem;

namespace mocc::jit {

namespace {

/// Whether LLVM's message of a failed lookup names `symbol` whole (not as
/// part of a longer name, `f` in `f_helper`): a symbol found nowhere.
bool namesSymbol(const std::string &why, const std::string &symbol) {
  auto isNamePart = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
  };
  for (size_t at = why.find(symbol); at != std::string::npos; at = why.find(symbol, at + 1)) {
    size_t end = at + symbol.size();
    if ((at == 0 || !isNamePart(why[at - 1])) && (end == why.size() || !isNamePart(why[end])))
      return true;
  }
  return false;
}

bool isFile(const std::string &path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

/// Whether a file is an ELF object (a shared library), not a linker script
/// such as Debian's libm.so.
bool isElf(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {};
  return in.read(magic, 4) && magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L' &&
         magic[3] == 'F';
}

/// lib<name>.so, else lib<name>.a, in the first of `folders` that has one.
std::string findPrebuilt(const std::string &name, const std::vector<std::string> &folders) {
  for (const std::string &folder : folders)
    for (const char *suffix : {".so", ".a"})
      if (std::string path = folder + "/lib" + name + suffix; isFile(path))
        return path;
  return "";
}

/// The folders where the system keeps its shared libraries.
std::vector<std::string> systemLibraryFolders() {
  std::vector<std::string> folders;
  if (const char *env = std::getenv("LD_LIBRARY_PATH")) {
    std::string list = env;
    for (size_t start = 0; start <= list.size();) {
      size_t end = std::min(list.find(':', start), list.size());
      if (end > start)
        folders.push_back(list.substr(start, end - start));
      start = end + 1;
    }
  }
#if defined(__x86_64__)
  const std::string multiarch = "x86_64-linux-gnu";
#elif defined(__aarch64__)
  const std::string multiarch = "aarch64-linux-gnu";
#else
  const std::string multiarch = "";
#endif
  for (std::string folder : {std::string("/usr/local/lib"), "/usr/lib/" + multiarch, "/lib/" + multiarch,
                             std::string("/usr/lib64"), std::string("/lib64"),
                             std::string("/usr/lib"), std::string("/lib")})
    folders.push_back(folder);
  return folders;
}

/// A shared library of the system for a Library name (see ExternalCode.h),
/// or empty.
std::string findSystemLibrary(const std::string &name) {
  static std::mutex mutex;
  static std::map<std::string, std::string> found;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = found.find(name); it != found.end())
    return it->second;
  std::vector<std::string> names = {name};
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower != name)
    names.push_back(lower);
  std::vector<std::string> folders = systemLibraryFolders();
  std::string result;
  for (const std::string &n : names) {
    for (const std::string &folder : folders) {
      if (std::string path = folder + "/lib" + n + ".so"; isFile(path) && isElf(path)) {
        result = path;
        break;
      }
      // No development link: the versioned library with the shortest name
      // (its soname, lib<name>.so.<major>).
      std::string prefix = "lib" + n + ".so.";
      std::error_code ec;
      std::string best;
      for (const auto &entry : fs::directory_iterator(folder, ec)) {
        std::string file = entry.path().filename().string();
        if (file.rfind(prefix, 0) == 0 && file.size() > prefix.size() &&
            std::isdigit(static_cast<unsigned char>(file[prefix.size()])) &&
            (best.empty() || file.size() < best.size() || (file.size() == best.size() && file < best)) &&
            isElf(entry.path().string()))
          best = file;
      }
      if (!best.empty()) {
        result = folder + "/" + best;
        break;
      }
    }
    if (!result.empty())
      break;
  }
  found[name] = result;
  return result;
}

std::string joined(const std::vector<std::string> &parts) {
  std::string text;
  for (const std::string &p : parts)
    text += p + "\n";
  return text;
}

/// A string literal for a #line directive.
std::string quoted(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

/// A library whose C sources are compiled.
struct LibraryBuild {
  std::string name;
  std::string origin;   ///< the build description or source folder
  uint32_t function;    ///< the first function that names it
  std::vector<ccode::Source> sources;
  std::vector<ccode::CompiledObject> objects;
};

/// Functions that share one Include text: one translation unit.
struct IncludeGroup {
  std::vector<uint32_t> functions;
  std::set<std::string> declared; ///< C functions given a prototype by mocc
  ccode::CompiledObject object;
};

/// How one Library name of a function is provided.
struct Resolution {
  std::string prebuilt;   ///< a library file to load
  int build = -1;         ///< or an index into the builds
  std::string searched;   ///< the folders searched, when not found
};

class Linker {
public:
  Linker(Jit &jit, std::span<const flat::Function> functions, const ExternalOptions &options,
         ExternalReport &report, ExternalState *state, const std::vector<bool> *only)
      : jit_(jit), functions_(functions), options_(options), report_(report), state_(state),
        only_(only) {}

  bool run(diag::Message &error) {
    for (uint32_t i = 0; i < functions_.size(); ++i) {
      const flat::ExternalCall *call = external(i);
      if (!call)
        continue;
      for (const std::string &library : call->libraries)
        resolutions_[{i, library}] = resolve(i, library);
      if (codegen::usesCThunk(*call))
        groupOf(i);
    }
    for (size_t b = 0; b < builds_.size(); ++b)
      if (!state_ || !state_->builds.count(builds_[b].name + "\n" + builds_[b].origin))
        for (size_t k = 0; k < builds_[b].sources.size(); ++k)
          libraryUnits_.push_back({b, k});
    compileAll();
    if (!report_.problems.empty())
      return true; // C code that does not compile: nothing is linked
    if (!load(error))
      return false;
    return !report_.problems.empty() || check();
  }

private:
  /// The external call of function i, if it is one of those to link.
  const flat::ExternalCall *external(uint32_t i) const {
    if (only_ && (i >= only_->size() || !(*only_)[i]))
      return nullptr;
    return functions_[i].external.get();
  }

  /// Finds how `library`, named by function `f`, is provided.
  Resolution resolve(uint32_t f, const std::string &library) {
    const flat::ExternalCall &call = *functions_[f].external;
    std::string key = library + "\n" + joined(call.resourceDirectories) + joined(call.sourceDirectories) +
                      joined(call.includeDirectories) + joined(call.libraryDirectories);
    if (auto it = resolved_.find(key); it != resolved_.end())
      return it->second;
    Resolution r;
    std::vector<std::string> shipped;
    for (const std::string &dir : call.libraryDirectories) {
      shipped.push_back(dir);
      shipped.push_back(dir + "/linux64");
    }
    if (std::string path = findPrebuilt(library, options_.searchPath); !path.empty()) {
      r.prebuilt = path;
    } else if (auto sources = ccode::findLibrarySources(
                   library, {call.resourceDirectories, call.sourceDirectories, call.includeDirectories})) {
      std::string buildKey = library + "\n" + sources->origin;
      auto it = buildIndex_.find(buildKey);
      if (it == buildIndex_.end()) {
        it = buildIndex_.emplace(buildKey, builds_.size()).first;
        builds_.push_back({library, sources->origin, f, std::move(sources->units), {}});
      }
      r.build = static_cast<int>(it->second);
    } else if (std::string path = findPrebuilt(library, shipped); !path.empty()) {
      r.prebuilt = path;
    } else if (std::string path = findSystemLibrary(library); !path.empty()) {
      r.prebuilt = path;
    } else {
      for (const std::string &folder : options_.searchPath)
        r.searched += " " + folder;
      for (const std::string &folder : shipped)
        r.searched += " " + folder;
      r.searched += "; no build description names it and no C file is in";
      for (const std::string &dir : call.sourceDirectories)
        r.searched += " " + dir;
      r.searched += "; the system has no lib" + library + ".so";
    }
    resolved_[key] = r;
    return r;
  }

  /// The Include group of function `f` (made on first use).
  IncludeGroup &groupOf(uint32_t f) {
    const flat::ExternalCall &call = *functions_[f].external;
    std::string key = joined(call.includeDirectories);
    for (const auto &include : call.includes)
      key += include.text + '\0';
    auto it = groupIndex_.find(key);
    if (it == groupIndex_.end()) {
      it = groupIndex_.emplace(key, groups_.size()).first;
      groups_.push_back({});
    }
    IncludeGroup &group = groups_[it->second];
    if (std::find(group.functions.begin(), group.functions.end(), f) == group.functions.end())
      group.functions.push_back(f);
    return group;
  }

  /// The translation unit of an Include group: <stddef.h>, the Include
  /// texts, each after a #line directive that puts it where it stands in
  /// the .mo file, then the thunks.
  ccode::Source groupSource(const IncludeGroup &group) const {
    const flat::Function &first = functions_[group.functions.front()];
    const flat::ExternalCall &call = *first.external;
    ccode::Source source;
    source.isText = true;
    source.path = "the Include annotation of `" + first.name + "`";
    source.includeDirectories = call.includeDirectories;
    // MLS 12.9.4: a header that defines size_t comes before the Include
    // text (the compliance suite's ExtObj.h relies on it).
    source.text = "#include <stddef.h>\n";
    for (const auto &include : call.includes)
      source.text += "#line " + std::to_string(include.line) + " " + quoted(include.file) + "\n" +
                     include.text + "\n";
    source.text += "#line 1 " + quoted("mocc's call of `" + first.name + "`") + "\n";
    for (uint32_t f : group.functions)
      source.text += codegen::externalThunkSource(functions_[f],
                                                  group.declared.count(functions_[f].external->function) > 0);
    return source;
  }

  /// The sources of the library units to load (libraryUnits_).
  std::vector<ccode::Source> librarySources() const {
    std::vector<ccode::Source> sources;
    for (auto [b, k] : libraryUnits_)
      sources.push_back(builds_[b].sources[k]);
    return sources;
  }

  /// Compiles the sources of the libraries and the Include groups at once
  /// (in parallel); an Include that calls a C function it does not declare
  /// is compiled again with mocc's prototype of it. The libraries' units
  /// come as one shared library from the cache when it is there (only the
  /// units outside it are compiled, see ccode/SharedLibrary.h), else they
  /// are compiled and that library is made for the next runs.
  void compileAll() {
    for (LibraryBuild &build : builds_)
      build.objects.resize(build.sources.size());
    std::vector<ccode::Source> units = librarySources();
    shared_ = ccode::findSharedLibrary(units, options_.cacheDirectory);
    // A manifest without a library: these units do not link into one (LLD
    // failed on them): the JIT links them, without trying again.
    bool linkable = !shared_ || !shared_->path.empty();
    if (!linkable)
      shared_.reset();
    markShared();
    report_.cachedUnits += sharedCount();
    std::vector<ccode::Source> sources;
    std::vector<std::pair<int, size_t>> owners; // (unit) or (-1 - group, 0)
    for (size_t u = 0; u < libraryUnits_.size(); ++u)
      if (!inShared_[u]) {
        sources.push_back(units[u]);
        owners.push_back({static_cast<int>(u), 0});
      }
    for (size_t g = 0; g < groups_.size(); ++g) {
      sources.push_back(groupSource(groups_[g]));
      owners.push_back({-1 - static_cast<int>(g), 0});
    }
    std::vector<ccode::CompiledObject> objects = compile(sources);
    std::vector<size_t> again;
    for (size_t i = 0; i < objects.size(); ++i) {
      int owner = owners[i].first;
      if (owner >= 0) {
        auto [b, k] = libraryUnits_[owner];
        builds_[b].objects[k] = std::move(objects[i]);
        continue;
      }
      IncludeGroup &group = groups_[-1 - owner];
      group.object = std::move(objects[i]);
      if (group.object.object.empty() && declareUndeclared(group))
        again.push_back(-1 - owner);
    }
    if (!again.empty()) {
      std::vector<ccode::Source> retry;
      for (size_t g : again)
        retry.push_back(groupSource(groups_[g]));
      std::vector<ccode::CompiledObject> second = compile(retry);
      for (size_t k = 0; k < again.size(); ++k)
        groups_[again[k]].object = std::move(second[k]);
    }
    reportUncompiled();
    if (!shared_ && linkable && report_.problems.empty() && !libraryUnits_.empty()) {
      std::vector<ccode::CompiledObject> compiled;
      for (auto [b, k] : libraryUnits_)
        compiled.push_back(builds_[b].objects[k]);
      std::string why; // not worth a message: the JIT links the objects instead
      shared_ = ccode::makeSharedLibrary(units, compiled, options_.cacheDirectory, why);
      markShared();
    }
    report_.sharedUnits += sharedCount();
    if (shared_ && report_.problems.empty() && includeRedefines())
      unshare(); // the Include's definition must win: archive members
  }

  /// Whether an Include group defines a symbol that the shared library
  /// defines too (the MSL's tables call `usertab`, which a model may define
  /// in an Include annotation, else a dummy of ModelicaStandardTablesUsertab.c).
  bool includeRedefines() const {
    for (const IncludeGroup &group : groups_)
      for (const std::string &symbol : ccode::definedSymbols(group.object.object))
        if (std::binary_search(shared_->defines.begin(), shared_->defines.end(), symbol))
          return true;
    return false;
  }

  /// Marks the library units that shared_ holds.
  void markShared() {
    inShared_.assign(libraryUnits_.size(), shared_.has_value());
    if (shared_)
      for (size_t u : shared_->outside)
        inShared_[u] = false;
  }

  size_t sharedCount() const { return std::count(inShared_.begin(), inShared_.end(), true); }

  /// Reports the library units and Include groups that did not compile.
  void reportUncompiled() {
    for (size_t u = 0; u < libraryUnits_.size(); ++u) {
      auto [b, k] = libraryUnits_[u];
      const LibraryBuild &build = builds_[b];
      if (!inShared_[u] && build.objects[k].object.empty())
        report_.problems.push_back({build.function,
                                    {diag::LibrarySourceDoesNotCompile,
                                     {build.sources[k].path, build.name, build.origin}},
                                    build.objects[k].diagnostics});
    }
    for (const IncludeGroup &group : groups_)
      if (group.object.object.empty())
        report_.problems.push_back({group.functions.front(),
                                    {diag::IncludeDoesNotCompile,
                                     {functions_[group.functions.front()].name}},
                                    group.object.diagnostics});
  }

  /// When the shared library cannot serve (the loader refused it, or an
  /// Include defines what it defines): its units go to the JIT like the
  /// others (compiled now, from the cache, if it came from the cache).
  void unshare() {
    std::vector<ccode::Source> units = librarySources();
    std::vector<ccode::Source> sources;
    std::vector<size_t> which;
    for (size_t u = 0; u < libraryUnits_.size(); ++u) {
      auto [b, k] = libraryUnits_[u];
      if (inShared_[u] && builds_[b].objects[k].object.empty()) {
        sources.push_back(units[u]);
        which.push_back(u);
      }
    }
    report_.cachedUnits -= which.size(); // counted again by compile
    report_.sharedUnits -= sharedCount();
    shared_.reset();
    markShared();
    std::vector<ccode::CompiledObject> objects = compile(sources);
    for (size_t i = 0; i < which.size(); ++i) {
      auto [b, k] = libraryUnits_[which[i]];
      const LibraryBuild &build = builds_[b];
      if (objects[i].object.empty())
        report_.problems.push_back({build.function,
                                    {diag::LibrarySourceDoesNotCompile,
                                     {build.sources[k].path, build.name, build.origin}},
                                    objects[i].diagnostics});
      builds_[b].objects[k] = std::move(objects[i]);
    }
  }

  std::vector<ccode::CompiledObject> compile(const std::vector<ccode::Source> &sources) {
    auto objects = ccode::compile(sources, {options_.cacheDirectory, 0});
    for (const ccode::CompiledObject &o : objects)
      ++(o.fromCache ? report_.cachedUnits : report_.compiledUnits);
    return objects;
  }

  /// Marks the C functions of a group that its code calls without a
  /// declaration (C99 has no implicit declarations); true if there were.
  bool declareUndeclared(IncludeGroup &group) {
    bool any = false;
    for (const ccode::CDiagnostic &d : group.object.diagnostics) {
      if (d.option != "implicit-function-declaration")
        continue;
      for (uint32_t f : group.functions) {
        const std::string &name = functions_[f].external->function;
        if (d.message.find("'" + name + "'") != std::string::npos && group.declared.insert(name).second)
          any = true;
      }
    }
    return any;
  }

  /// Adds the prebuilt libraries and the compiled objects to the JIT and
  /// runs the C constructors.
  bool load(diag::Message &error) {
    for (const auto &[key, r] : resolutions_)
      if (!r.prebuilt.empty() && !jit_.addLibrary(r.prebuilt, error))
        return false;
    std::vector<const ccode::CompiledObject *> withStructors;
    for (size_t g = 0; g < groups_.size(); ++g) {
      const ccode::CompiledObject &o = groups_[g].object;
      if (!jit_.addObject("include" + std::to_string(g) + ".o", o.object, error, state_ != nullptr))
        return false;
      if (!o.constructors.empty() || !o.destructors.empty())
        withStructors.push_back(&o);
    }
    if (shared_) {
      diag::Message refused;
      if (!jit_.addSharedLibrary(shared_->path, refused)) {
        // A symbol that this process lacks (the library was made by one
        // that had it): the objects, linked by the JIT as they are needed.
        unshare();
        if (!report_.problems.empty())
          return true;
      }
    }
    // The other units, as a static library per library (those of a library
    // are consecutive in libraryUnits_).
    for (size_t u = 0; u < libraryUnits_.size();) {
      size_t b = libraryUnits_[u].first;
      const LibraryBuild &build = builds_[b];
      if (state_)
        state_->builds.insert(build.name + "\n" + build.origin);
      std::vector<std::pair<std::string, std::string>> members;
      for (; u < libraryUnits_.size() && libraryUnits_[u].first == b; ++u) {
        if (inShared_[u])
          continue;
        size_t k = libraryUnits_[u].second;
        const ccode::CompiledObject &o = build.objects[k];
        std::string name = fs::path(build.sources[k].path).stem().string() + ".o";
        if (o.constructors.empty() && o.destructors.empty()) {
          members.push_back({name, o.object});
          continue;
        }
        // Its constructors run whether or not it is needed, as in a shared
        // library: it is linked from the start.
        if (!jit_.addObject(name, o.object, error))
          return false;
        withStructors.push_back(&o);
      }
      if (!jit_.addArchive("lib" + build.name + ".a", members, error))
        return false;
    }
    for (const ccode::CompiledObject *o : withStructors) {
      if (!o->constructors.empty() && !jit_.runFunction(o->constructors, error))
        return false;
      if (!o->destructors.empty() && !jit_.runAtDestruction(o->destructors, error))
        return false;
    }
    return true;
  }

  /// Checks that every external function's C function resolves.
  bool check() {
    for (uint32_t i = 0; i < functions_.size(); ++i) {
      const flat::ExternalCall *call = external(i);
      if (!call)
        continue;
      std::string symbol = codegen::usesCThunk(*call) ? codegen::externalThunkSymbol(functions_[i])
                                                      : call->function;
      std::string why;
      if (jit_.hasSymbol(symbol, &why))
        continue;
      const std::string &name = functions_[i].name;
      if (!namesSymbol(why, call->function) && !namesSymbol(why, symbol)) {
        report_.problems.push_back(
            {i, {diag::ExternalFunctionNotLinked, {call->function, name, why}}, {}});
        continue;
      }
      std::string places;
      if (codegen::usesCThunk(*call))
        places += ", in its Include annotation";
      if (!call->libraries.empty()) {
        places += " or in the libraries";
        for (const std::string &library : call->libraries)
          places += " `" + library + "`";
      }
      for (const std::string &library : call->libraries) {
        const Resolution &r = resolutions_[{i, library}];
        if (r.prebuilt.empty() && r.build < 0)
          places += " (not found: lib" + library + ".so/.a in" + r.searched + ")";
      }
      report_.problems.push_back(
          {i, {diag::ExternalFunctionNotFound, {call->function, name, places}}, {}});
    }
    return true;
  }

  Jit &jit_;
  std::span<const flat::Function> functions_;
  const ExternalOptions &options_;
  ExternalReport &report_;
  ExternalState *state_;
  const std::vector<bool> *only_;
  std::map<std::pair<uint32_t, std::string>, Resolution> resolutions_;
  std::map<std::string, Resolution> resolved_;
  std::map<std::string, size_t> buildIndex_;
  std::vector<LibraryBuild> builds_;
  std::map<std::string, size_t> groupIndex_;
  std::vector<IncludeGroup> groups_;
  /// The units of the libraries to load (those of earlier calls are
  /// loaded): (build, source) pairs.
  std::vector<std::pair<size_t, size_t>> libraryUnits_;
  /// The shared library that holds them (all but its `outside` ones), and
  /// which units it holds.
  std::optional<ccode::SharedLibrary> shared_;
  std::vector<bool> inShared_;
};

} // namespace

bool linkExternalFunctions(Jit &jit, std::span<const flat::Function> functions,
                           const ExternalOptions &options, ExternalReport &report,
                           diag::Message &error, ExternalState *state,
                           const std::vector<bool> *only) {
  auto start = std::chrono::steady_clock::now();
  bool ok = Linker(jit, functions, options, report, state, only).run(error);
  report.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return ok;
}

} // namespace mocc::jit
