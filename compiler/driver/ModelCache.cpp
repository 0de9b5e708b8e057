// The cache of compiled models (ModelCache.h). An entry file is
//   mocc-model 1\n<hash of the rest>\n<the rest>
// where the rest is binary: the shared objects (the model's, then the C
// libraries' it needs), the files with their stamps and hashes, the folder
// listings, then the compiled model and the variables.
#include "compiler/driver/ModelCache.h"

#include "compiler/ccode/Files.h"
#include "compiler/ccode/ObjectCache.h"

#include <algorithm>
#include <cstring>
#include <dirent.h>
#include <dlfcn.h>
#include <filesystem>
#include <fstream>
#include <set>
#include <string_view>
#include <sys/stat.h>
#include <type_traits>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mocc::driver {

namespace {

constexpr const char *magic = "mocc-model 1\n";

/// Appends values in a fixed binary layout (the host's: the key holds the
/// executable and the CPU, so an entry is never read by another build).
struct Writer {
  std::string out;
  template <class T>
    requires std::is_arithmetic_v<T> || std::is_enum_v<T>
  void put(T value) {
    out.append(reinterpret_cast<const char *>(&value), sizeof value);
  }
  void put(const std::string &text) {
    put(static_cast<uint64_t>(text.size()));
    out += text;
  }
  template <class T>
  void put(const std::vector<T> &values) {
    put(static_cast<uint64_t>(values.size()));
    for (const T &v : values)
      put(v);
  }
  void put(const std::vector<bool> &) = delete;
};

/// Reads what Writer wrote; every read is checked against the end (a
/// damaged entry makes `ok` false, never a read out of bounds).
struct Reader {
  const char *at;
  const char *end;
  bool ok = true;
  template <class T>
    requires std::is_arithmetic_v<T> || std::is_enum_v<T>
  void get(T &value) {
    if (!ok || static_cast<size_t>(end - at) < sizeof value) {
      ok = false;
      value = T{};
      return;
    }
    std::memcpy(&value, at, sizeof value);
    at += sizeof value;
  }
  void get(bool &value) {
    uint8_t byte = 0;
    get(byte);
    ok = ok && byte <= 1;
    value = byte == 1;
  }
  uint64_t count() {
    uint64_t n = 0;
    get(n);
    if (n > static_cast<uint64_t>(end - at)) // every element takes a byte at least
      ok = false;
    return ok ? n : 0;
  }
  void get(std::string &text) {
    uint64_t n = count();
    if (!ok)
      return;
    text.assign(at, n);
    at += n;
  }
  template <class T>
  void get(std::vector<T> &values) {
    uint64_t n = count();
    values.clear();
    for (uint64_t i = 0; ok && i < n; ++i) {
      T v{};
      get(v);
      values.push_back(std::move(v));
    }
  }
};

// The plain data of the runtime's model, field by field, both ways.
template <class IO, class S>
void sparsity(IO &io, S &p) {
  io(p.size), io(p.colPtr), io(p.rowIdx), io(p.colors), io(p.numColors);
}

/// A function of the compiled code by name: the Writer's side looks the
/// pointer up among the names the JIT looked up, the Reader's side in the
/// shared object.
struct Symbols {
  const std::map<const void *, std::string> *names = nullptr; // writing
  void *handle = nullptr;                                     // reading
  bool missing = false;
  std::string missingName;
};

struct Out {
  Writer w;
  Symbols symbols;
  template <class T>
  void operator()(const T &v) {
    w.put(v);
  }
  template <class F>
    requires std::is_pointer_v<F> && std::is_function_v<std::remove_pointer_t<F>>
  void function(const F &f) {
    if (!f) {
      w.put(std::string());
      return;
    }
    auto it = symbols.names->find(reinterpret_cast<const void *>(f));
    if (it == symbols.names->end()) {
      symbols.missing = true;
      w.put(std::string());
      return;
    }
    w.put(it->second);
  }
};

struct In {
  Reader r;
  Symbols symbols;
  template <class T>
  void operator()(T &v) {
    r.get(v);
  }
  template <class F>
    requires std::is_pointer_v<F> && std::is_function_v<std::remove_pointer_t<F>>
  void function(F &f) {
    std::string name;
    r.get(name);
    f = nullptr;
    if (name.empty() || !r.ok)
      return;
    void *address = dlsym(symbols.handle, name.c_str());
    if (!address) {
      symbols.missing = true;
      symbols.missingName = name;
      return;
    }
    f = reinterpret_cast<F>(address);
  }
};

template <class IO, class Ref>
void caseRef(IO &io, Ref &ref) {
  io.function(ref.fn), io.function(ref.batched), io(ref.which);
}

template <class IO, class V>
void each(IO &io, V &values, auto &&field) {
  uint64_t n = values.size();
  io(n);
  if constexpr (std::is_same_v<IO, In>) {
    if (!io.r.ok || n > static_cast<uint64_t>(io.r.end - io.r.at))
      return void(io.r.ok = false);
    values.resize(n);
  }
  for (auto &v : values)
    field(v);
}

template <class IO, class M>
void compiledModel(IO &io, M &m) {
  io(m.name), io(m.numSlots);
  io.function(m.setParameters), io.function(m.setStartValues);
  each(io, m.init, [&](auto &s) {
    io(s.kind);
    caseRef(io, s.assign);
    auto &y = s.system;
    io(y.unknowns), caseRef(io, y.residual), caseRef(io, y.jvp), io(y.assigned);
    sparsity(io, y.pattern);
    io(y.nominal), io(y.description);
  });
  io(m.ySlot), io(m.ypSlot), io(m.yNominal);
  io.function(m.residual), io.function(m.jvp);
  sparsity(io, m.jacobian);
  io.function(m.aliases), io(m.aliasSlots);
  each(io, m.outputs, [&](auto &o) {
    io(o.name), io(o.slot), io(o.parameter), io(o.unit), io(o.displayUnit), io(o.description),
        io(o.aliasOf), io(o.negated);
  });
  auto &e = m.experiment;
  io(e.startTime), io(e.stopTime), io(e.interval), io(e.tolerance);
  each(io, m.integerSlots, [&](auto &p) { io(p.first), io(p.second); });
  auto &d = m.stateSelection;
  each(io, d.sets, [&](auto &s) {
    io(s.ySlot), io(s.ypSlot), io(s.yNominal), io.function(s.residual), io.function(s.jvp);
    sparsity(io, s.jacobian);
    each(io, s.pivotBlocks, [&](auto &b) { io(b.rows), io(b.columns); });
    io(s.description);
  });
  io.function(d.pivots), io.function(d.pivotsJvp), io(d.numPivotRows), io(d.columns);
  sparsity(io, d.pattern);
  io(d.switchRatio), io(d.constantSetPivots);
  each(io, d.matrices, [&](auto &s) {
    io(s.rows), io(s.forced), io(s.columns), io(s.numStates), io(s.aSlots);
    each(io, s.columnChains, [&](auto &c) { io(c); });
    each(io, s.stateChains, [&](auto &c) { io(c); });
    io(s.initial), io(s.constant);
  });
  auto &ev = m.events;
  io.function(ev.zeroCrossings), io(ev.numZeroCrossings), io.function(ev.update),
      io.function(ev.effects), io.function(ev.relations), io(ev.relationSlots), io(ev.preSlot),
      io(ev.valueSlot);
  each(io, ev.samples, [&](auto &s) {
    io(s.flagSlot), io(s.startSlot), io(s.intervalSlot), io(s.relation), io(s.moving);
  });
  io(ev.initialSlot), io(ev.terminalSlot), io(ev.repeatSlot), io(ev.homotopySlot),
      io.function(ev.assertions),
      io(ev.maxEventIterations);
  each(io, m.externalObjects, [&](auto &o) { io(o.slot), io.function(o.destructor); });
}

/// The variables as the checks of overrides read them.
template <class IO, class F>
void variables(IO &io, F &model) {
  io(model.name);
  each(io, model.variables, [&](auto &v) {
    bool derivative = v.derivativeOf.valid();
    int8_t fixed = v.attributes.fixed ? (*v.attributes.fixed ? 1 : 0) : -1;
    io(v.name), io(v.type), io(v.variability), io(v.enumeration), io(v.special),
        io(v.structural), io(v.final), io(derivative), io(fixed);
    if constexpr (std::is_same_v<IO, In>) {
      if (derivative)
        v.derivativeOf = sym::VarId{0};
      if (fixed >= 0)
        v.attributes.fixed = fixed == 1;
    }
  });
  each(io, model.enumerations, [&](auto &e) { io(e.name), io(e.literals); });
}

/// The entries of a folder that lookup can find classes in (as
/// inst::ClassNode::indexChildren lists them: `.mo` files, and folders with
/// a `package.mo`), sorted, as a hash; empty if it cannot be listed. Other
/// files (a result written beside the model) change nothing.
std::string listingHash(const std::string &folder) {
  // readdir and fstatat rather than std::filesystem: a run from the cache
  // lists every library folder the model used (64 for a MultiBody model),
  // and the paths that directory_iterator builds cost more than the
  // system calls.
  DIR *dir = ::opendir(folder.c_str());
  if (!dir)
    return "";
  std::vector<std::string> names;
  int fd = ::dirfd(dir);
  while (const dirent *entry = ::readdir(dir)) {
    std::string_view name = entry->d_name;
    if (name == "." || name == "..")
      continue;
    bool directory = entry->d_type == DT_DIR;
    if (entry->d_type == DT_UNKNOWN || entry->d_type == DT_LNK) {
      struct stat s;
      directory = ::fstatat(fd, entry->d_name, &s, 0) == 0 && S_ISDIR(s.st_mode);
    }
    if (directory) {
      struct stat s;
      std::string package = std::string(name) + "/package.mo";
      if (::fstatat(fd, package.c_str(), &s, 0) == 0)
        names.push_back(std::string(name) + "/");
    } else if (name.size() > 3 && name.ends_with(".mo")) {
      names.emplace_back(name);
    }
  }
  ::closedir(dir);
  std::sort(names.begin(), names.end());
  std::string text;
  for (const std::string &n : names)
    text += n + '\0';
  return ccode::hashText(text);
}

/// The host CPU: its model and features, as the first processor of
/// /proc/cpuinfo lists them (the code is compiled for them).
std::string hostTarget() {
  std::ifstream in("/proc/cpuinfo");
  std::string line, text;
  while (std::getline(in, line)) {
    if (line.empty())
      break; // the first processor only
    if (line.starts_with("vendor_id") || line.starts_with("model") ||
        line.starts_with("cpu family") || line.starts_with("stepping") ||
        line.starts_with("flags") || line.starts_with("Features") ||
        line.starts_with("CPU "))
      text += line + "\n";
  }
  return text;
}

/// The stamp of the compiler that made the code: `mocc-compiler` beside the
/// running program (the `mocc` program hands compiling to it), else the
/// running program itself (the compiler, or a test).
std::string stampOfSelf() {
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0)
    return "";
  std::string path(self, static_cast<size_t>(n));
  std::string compiler = path.substr(0, path.rfind('/') + 1) + "mocc-compiler";
  struct stat info;
  if (stat(compiler.c_str(), &info) != 0 && stat(path.c_str(), &info) != 0)
    return "";
  return std::to_string(info.st_size) + "." + std::to_string(info.st_ino) + "." +
         std::to_string(info.st_mtim.tv_sec) + "." + std::to_string(info.st_mtim.tv_nsec);
}

std::string absolute(const std::string &path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  return ec ? path : p.lexically_normal().string();
}

} // namespace

CachedModel::~CachedModel() {
  if (handle)
    dlclose(handle);
}

std::string modelCacheFolder(const std::string &cacheDirectory) {
  return cacheDirectory + "/model";
}

std::string modelCacheKey(const CompileOptions &options, const std::vector<std::string> &roots) {
  std::string self = stampOfSelf();
  if (self.empty())
    return "";
  std::string text = magic;
  auto add = [&](const std::string &s) {
    text += s;
    text += '\0';
  };
  add(self);
  add(hostTarget());
  add(absolute("."));
  add("files");
  for (const std::string &f : options.files)
    add(absolute(f));
  add("libraries");
  for (const std::string &l : options.libraries)
    add(absolute(l));
  add("roots");
  for (const std::string &r : roots)
    add(absolute(r));
  add("library path");
  for (const std::string &l : options.libraryPath)
    add(absolute(l));
  if (const char *env = std::getenv("MOCC_LIBRARY_PATH"))
    add(env);
  add("model");
  add(options.model);
  return ccode::hashText(text);
}

std::unique_ptr<CachedModel> loadCachedModel(const std::string &folder, const std::string &key,
                                             std::string &why) {
  std::string path = folder + "/" + key + ".entry";
  auto text = ccode::readFile(path);
  if (!text)
    return nullptr;
  // The header, and the checksum of the rest.
  size_t headerEnd = std::strlen(magic);
  size_t hashEnd = text->find('\n', headerEnd);
  if (text->compare(0, headerEnd, magic) != 0 || hashEnd == std::string::npos ||
      ccode::hashText(std::string_view(*text).substr(hashEnd + 1)) !=
          text->substr(headerEnd, hashEnd - headerEnd)) {
    why = "the entry is damaged";
    return nullptr;
  }
  In in{{text->data() + hashEnd + 1, text->data() + text->size()}, {}};
  std::vector<std::string> libraries; // the model's shared object first
  std::vector<std::string> dependencies, folders, listings;
  in(libraries), in(dependencies), in(folders), in(listings);
  if (!in.r.ok || libraries.empty() || folders.size() != listings.size()) {
    why = "the entry is damaged";
    return nullptr;
  }
  for (const std::string &line : dependencies) {
    auto d = ccode::parseDependency(line);
    if (!d) {
      why = "the entry is damaged";
      return nullptr;
    }
    if (!ccode::isUnchanged(*d)) {
      why = "`" + d->path + "` changed";
      return nullptr;
    }
  }
  for (size_t i = 0; i < folders.size(); ++i)
    if (listingHash(folders[i]) != listings[i]) {
      why = "the folder `" + folders[i] + "` changed";
      return nullptr;
    }
  // A damaged shared object must never reach the dynamic loader.
  for (const std::string &library : libraries)
    if (ccode::hashFile(library) + ".so" != fs::path(library).filename().string()) {
      why = "the shared object `" + library + "` is missing or damaged";
      return nullptr;
    }
  auto cached = std::make_unique<CachedModel>();
  cached->entryPath = path;
  // RTLD_NOW: a symbol that does not bind fails here; RTLD_LOCAL: its
  // symbols stay its own. It loads the C libraries it refers to.
  cached->handle = dlopen(libraries.front().c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!cached->handle) {
    const char *reason = dlerror();
    why = std::string("cannot load the compiled model: ") + (reason ? reason : "dlopen failed");
    return nullptr;
  }
  in.symbols.handle = cached->handle;
  compiledModel(in, cached->model);
  variables(in, cached->variables);
  in(cached->overridable);
  if (!in.r.ok || in.r.at != in.r.end) {
    why = "the entry is damaged";
    return nullptr;
  }
  if (in.symbols.missing) {
    why = "the compiled model lacks `" + in.symbols.missingName + "`";
    return nullptr;
  }
  return cached;
}

bool storeCachedModel(const std::string &folder, const std::string &key,
                      const rt::CompiledModel &compiled, const flat::FlatModel &model,
                      const plan::SimulationPlan &plan, const jit::Jit::Contents &contents,
                      const SourceManager &sources, const std::vector<std::string> &roots,
                      const SharedObjectLinker &link, std::string &why) {
  if (!contents.complete) {
    why = "the model's C code is linked into the JIT";
    return false;
  }
  if (contents.objects.empty()) {
    why = "no code was kept";
    return false;
  }
  // The files read, each as it was when it was parsed, and the folders
  // searched.
  std::vector<std::string> dependencies;
  std::set<std::string> folders;
  for (const std::string &root : roots)
    folders.insert(absolute(root));
  for (uint32_t i = 0; i < sources.fileCount(); ++i) {
    FileId id{i};
    const std::string &file = sources.path(id);
    ccode::Dependency d = ccode::fileState(file);
    if (d.hash.empty() || d.hash != ccode::hashText(sources.text(id)) ||
        file.find('\n') != std::string::npos) {
      why = "the source `" + file + "` cannot be checked (it changed, or is not a file)";
      return false;
    }
    dependencies.push_back(ccode::formatDependency(d));
    folders.insert(absolute(fs::path(file).parent_path().string()));
  }
  std::vector<std::string> folderList(folders.begin(), folders.end()), listings;
  for (const std::string &f : folderList)
    listings.push_back(listingHash(f));
  // The shared objects: the C libraries' (as the JIT loaded them), and the
  // model's code linked against them.
  std::vector<std::string> libraries;
  for (const std::string &library : contents.sharedLibraries)
    libraries.push_back(absolute(library));
  auto shared = link(contents.objects, contents.archives, libraries, folder, why);
  if (!shared)
    return false;
  libraries.insert(libraries.begin(), *shared);
  Out out;
  out.symbols.names = &contents.lookedUp;
  out(libraries), out(dependencies), out(folderList), out(listings);
  compiledModel(out, compiled);
  variables(out, model);
  out(plan.overridable);
  if (out.symbols.missing) {
    why = "a function of the compiled model has no name";
    return false;
  }
  std::string entry = magic + ccode::hashText(out.w.out) + "\n" + out.w.out;
  if (!ccode::writeAtomically(folder + "/" + key + ".entry", entry)) {
    why = "cannot write in " + folder;
    return false;
  }
  return true;
}

} // namespace mocc::driver
