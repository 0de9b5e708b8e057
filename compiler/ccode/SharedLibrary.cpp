// Shared libraries made of compiled C units, in the cache; see
// SharedLibrary.h. In the folder `<cache>/c/lib`, a manifest
// `<key>.txt` (the key: a hash of the units' identities) reads
//
//   mocc-c-library 1
//   library <hash of its bytes>.so  (or `-`: the units do not link into one)
//   units <n>
//   outside <k> <index>...          (the units it does not hold)
//   files <m>
//   <hash> <stamp or -> <path>      (m lines, as in ObjectCache.h)
//   defines <d>
//   <symbol>                        (d lines: the global symbols it defines)
//   end <hash of the lines above>
//
// and the shared object is `<hash of its bytes>.so` beside it, so that a
// name always holds the same bytes.
#include "compiler/ccode/SharedLibrary.h"
#include "compiler/ccode/Files.h"
#include "compiler/ccode/Lld.h"

#include <llvm/Object/ArchiveWriter.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/MemoryBuffer.h>

#include <algorithm>
#include <atomic>
#include <dlfcn.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mocc::ccode {

namespace {

constexpr const char *magic = "mocc-c-library 1";

std::string folderOf(const std::string &cacheDirectory) { return cacheDirectory + "/c/lib"; }

/// The key of the manifest of `units`: empty if a unit has no identity.
std::string keyOf(std::span<const Source> units) {
  std::string text = magic;
  text += '\n';
  for (const Source &unit : units) {
    std::string identity = unitIdentity(unit);
    if (identity.empty())
      return "";
    text += identity;
    text += '\0';
  }
  return hashText(text);
}

/// A name no other process or thread uses, in `folder`.
std::string temporaryName(const std::string &folder, const std::string &suffix) {
  static std::atomic<unsigned> counter{0};
  return folder + "/link.tmp." + std::to_string(getpid()) + "." +
         std::to_string(counter.fetch_add(1)) + suffix;
}

/// What a manifest says.
struct Manifest {
  std::string library; ///< the file name of the shared object
  size_t units = 0;
  std::vector<size_t> outside;
  std::vector<Dependency> files;
  std::vector<std::string> defines;
};

std::string formatManifest(const Manifest &m) {
  std::string text = std::string(magic) + "\n";
  text += "library " + m.library + "\n";
  text += "units " + std::to_string(m.units) + "\n";
  text += "outside " + std::to_string(m.outside.size());
  for (size_t i : m.outside)
    text += " " + std::to_string(i);
  text += "\nfiles " + std::to_string(m.files.size()) + "\n";
  for (const Dependency &d : m.files)
    text += formatDependency(d) + "\n";
  text += "defines " + std::to_string(m.defines.size()) + "\n";
  for (const std::string &symbol : m.defines)
    text += symbol + "\n";
  return text + "end " + hashText(text) + "\n";
}

/// The manifest in `text`, if it is whole.
std::optional<Manifest> parseManifest(const std::string &text) {
  // The last line: `end <hash of everything before it>`.
  if (text.size() < 38 || text.back() != '\n')
    return std::nullopt;
  size_t last = text.rfind('\n', text.size() - 2);
  if (last == std::string::npos)
    return std::nullopt;
  std::string body = text.substr(0, last + 1);
  if (text.compare(last + 1, std::string::npos, "end " + hashText(body) + "\n") != 0)
    return std::nullopt;
  std::istringstream in(body);
  std::string line, word;
  Manifest m;
  if (!std::getline(in, line) || line != magic)
    return std::nullopt;
  if (!std::getline(in, line) || line.rfind("library ", 0) != 0)
    return std::nullopt;
  m.library = line.substr(8);
  if (m.library != "-" && (m.library.size() != 35 || m.library.compare(32, 3, ".so") != 0 ||
                           m.library.find('/') != std::string::npos))
    return std::nullopt;
  size_t count = 0;
  if (!(in >> word >> m.units) || word != "units" || !(in >> word >> count) || word != "outside")
    return std::nullopt;
  for (size_t k = 0; k < count; ++k) {
    size_t index;
    if (!(in >> index) || index >= m.units)
      return std::nullopt;
    m.outside.push_back(index);
  }
  if (!(in >> word >> count) || word != "files" || !std::getline(in, line) || !line.empty())
    return std::nullopt;
  for (size_t k = 0; k < count; ++k) {
    if (!std::getline(in, line))
      return std::nullopt;
    auto d = parseDependency(line);
    if (!d)
      return std::nullopt;
    m.files.push_back(std::move(*d));
  }
  if (!(in >> word >> count) || word != "defines" || !std::getline(in, line) || !line.empty())
    return std::nullopt;
  for (size_t k = 0; k < count; ++k) {
    if (!std::getline(in, line) || line.empty())
      return std::nullopt;
    m.defines.push_back(line);
  }
  if (!std::is_sorted(m.defines.begin(), m.defines.end()))
    return std::nullopt;
  return m;
}

/// The global symbols an object defines and the strong ones it needs.
struct Symbols {
  std::set<std::string> defined;
  std::vector<std::string> needed;
};

std::optional<Symbols> symbolsOf(const std::string &object) {
  auto file = llvm::object::ObjectFile::createObjectFile(llvm::MemoryBufferRef(object, "unit"));
  if (!file) {
    llvm::consumeError(file.takeError());
    return std::nullopt;
  }
  Symbols s;
  for (const llvm::object::SymbolRef &symbol : (*file)->symbols()) {
    auto flags = symbol.getFlags();
    auto name = symbol.getName();
    if (!flags || !name) {
      llvm::consumeError(flags.takeError());
      llvm::consumeError(name.takeError());
      return std::nullopt;
    }
    if (*flags & llvm::object::SymbolRef::SF_FormatSpecific || name->empty())
      continue;
    if (*flags & llvm::object::SymbolRef::SF_Undefined) {
      if (!(*flags & llvm::object::SymbolRef::SF_Weak))
        s.needed.push_back(name->str());
    } else if (*flags & llvm::object::SymbolRef::SF_Global) {
      s.defined.insert(name->str());
    }
  }
  return s;
}

/// Whether the dynamic loader binds `name` for a library loaded now: a
/// symbol of the process's global scope, or one that LLD defines. Looked
/// up through the program's handle, whose scope is the global one, and not
/// with RTLD_DEFAULT, which marks a library loaded later that defines it
/// as never to be unloaded.
bool isBoundByLoader(const std::string &name) {
  if (name == "_GLOBAL_OFFSET_TABLE_" || name == "__dso_handle" || name == "__ehdr_start")
    return true;
  static void *program = dlopen(nullptr, RTLD_LAZY);
  return program && dlsym(program, name.c_str()) != nullptr;
}

/// LLD keeps global state: one link at a time, and none after a link that
/// it could not clean up after.
std::mutex linkerMutex;
bool linkerUsable = true;

/// Links the archive at `input` (all its members) into the shared object
/// `output` with LLD; false with its messages in `why`, and `refused` set
/// if LLD ran and found the objects wrong (duplicate definitions, ...).
bool link(const std::string &input, const std::string &output, std::string &why, bool &refused,
          const std::vector<std::string> &libraries = {}) {
  std::lock_guard<std::mutex> lock(linkerMutex);
  if (!linkerUsable) {
    why = "the linker failed earlier in this process";
    return false;
  }
  // --error-limit=0: LLD stops the process after its 20th error otherwise.
  // --threads=1: no pool of threads left behind for one small link.
  // --no-mmap-output-file: the output written from memory, not through a
  // mapped temporary file (see Lld.cpp for what that costs).
  std::vector<const char *> args = {"ld.lld", "-shared", "-Bsymbolic", "--threads=1",
                                    "--error-limit=0", "--no-mmap-output-file",
                                    "--eh-frame-hdr", "-z", "noexecstack", "-o", output.c_str(),
                                    "--whole-archive", input.c_str(), "--no-whole-archive"};
  for (const std::string &library : libraries)
    args.push_back(library.c_str());
  std::vector<char> messages(16384);
  int canRunAgain = 0;
  int code = mocc_lld_link(static_cast<int>(args.size()), args.data(), messages.data(),
                           messages.size(), &canRunAgain);
  linkerUsable = canRunAgain != 0;
  if (code == 0)
    return true;
  refused = linkerUsable;
  why = std::string("LLD: ") + messages.data();
  while (!why.empty() && why.back() == '\n')
    why.pop_back();
  return false;
}

} // namespace

std::vector<std::string> definedSymbols(const std::string &object) {
  auto s = symbolsOf(object);
  if (!s)
    return {};
  return {s->defined.begin(), s->defined.end()};
}

std::optional<SharedLibrary> findSharedLibrary(std::span<const Source> units,
                                               const std::string &cacheDirectory) {
  if (cacheDirectory.empty() || units.empty())
    return std::nullopt;
  std::string key = keyOf(units);
  if (key.empty())
    return std::nullopt;
  std::string folder = folderOf(cacheDirectory);
  std::string manifestPath = folder + "/" + key + ".txt";
  auto text = readFile(manifestPath);
  if (!text)
    return std::nullopt;
  auto manifest = parseManifest(*text);
  if (!manifest || manifest->units != units.size())
    return std::nullopt;
  bool refreshed = false;
  for (const Dependency &d : manifest->files)
    if (!isUnchanged(d, &refreshed))
      return std::nullopt;
  // A damaged shared object must never reach the dynamic loader (a short
  // file is a SIGBUS when its pages are touched).
  std::string path = manifest->library == "-" ? "" : folder + "/" + manifest->library;
  if (!path.empty() && hashFile(path) + ".so" != manifest->library)
    return std::nullopt;
  if (refreshed) { // the same texts with new stamps: checked faster next time
    for (Dependency &d : manifest->files)
      d = fileState(d.path);
    writeAtomically(manifestPath, formatManifest(*manifest));
  }
  return SharedLibrary{path, manifest->outside, std::move(manifest->defines)};
}

std::optional<SharedLibrary> makeSharedLibrary(std::span<const Source> units,
                                               std::span<const CompiledObject> objects,
                                               const std::string &cacheDirectory, std::string &why) {
  if (cacheDirectory.empty() || units.empty() || units.size() != objects.size()) {
    why = "no cache";
    return std::nullopt;
  }
  std::string key = keyOf(units);
  if (key.empty()) {
    why = "the C compiler cannot run";
    return std::nullopt;
  }
  // The units that go in: those whose every strong undefined symbol is
  // defined by a unit that goes in or bound by the loader, found by
  // taking out, until none is left, the units that need another symbol.
  std::vector<Symbols> symbols;
  for (const CompiledObject &o : objects) {
    auto s = symbolsOf(o.object);
    if (!s) {
      why = "an object cannot be read";
      return std::nullopt;
    }
    symbols.push_back(std::move(*s));
  }
  std::vector<bool> inside(units.size(), true);
  std::map<std::string, bool> bound; // isBoundByLoader, once per name
  for (bool changed = true; changed;) {
    changed = false;
    std::set<std::string> defined;
    for (size_t i = 0; i < units.size(); ++i)
      if (inside[i])
        defined.insert(symbols[i].defined.begin(), symbols[i].defined.end());
    for (size_t i = 0; i < units.size(); ++i) {
      if (!inside[i])
        continue;
      for (const std::string &name : symbols[i].needed) {
        if (defined.count(name))
          continue;
        auto it = bound.find(name);
        if (it == bound.end())
          it = bound.emplace(name, isBoundByLoader(name)).first;
        if (!it->second) {
          inside[i] = false;
          changed = true;
          break;
        }
      }
    }
  }
  Manifest manifest;
  manifest.units = units.size();
  std::vector<std::string> constructors, destructors;
  std::vector<llvm::NewArchiveMember> members;
  std::vector<std::string> names;
  names.reserve(units.size() + 1);
  for (size_t i = 0; i < units.size(); ++i) {
    if (!inside[i]) {
      manifest.outside.push_back(i);
      continue;
    }
    if (!objects[i].constructors.empty())
      constructors.push_back(objects[i].constructors);
    if (!objects[i].destructors.empty())
      destructors.push_back(objects[i].destructors);
    manifest.defines.insert(manifest.defines.end(), symbols[i].defined.begin(),
                            symbols[i].defined.end());
    names.push_back("unit" + std::to_string(i) + ".o");
    llvm::NewArchiveMember member(llvm::MemoryBufferRef(objects[i].object, names.back()));
    member.MemberName = names.back();
    members.push_back(std::move(member));
  }
  // The files it is made from, each once.
  std::set<std::string> seen;
  for (const CompiledObject &o : objects)
    for (const Dependency &d : o.files) {
      if (d.hash.empty() || d.path.find('\n') != std::string::npos) {
        why = "a file it is made from cannot be checked: " + d.path;
        return std::nullopt;
      }
      if (seen.insert(d.path).second)
        manifest.files.push_back(d);
    }
  std::string folder = folderOf(cacheDirectory);
  std::string manifestPath = folder + "/" + key + ".txt";
  // Units that cannot make a library, for a reason that holds while their
  // files do: said in the manifest, so that later runs do not try again.
  auto cannotLink = [&](const std::string &reason) -> std::optional<SharedLibrary> {
    why = reason;
    manifest.library = "-";
    manifest.outside.clear();
    manifest.defines.clear();
    writeAtomically(manifestPath, formatManifest(manifest));
    return std::nullopt;
  };
  std::sort(manifest.defines.begin(), manifest.defines.end());
  manifest.defines.erase(std::unique(manifest.defines.begin(), manifest.defines.end()),
                         manifest.defines.end());
  if (members.empty())
    return cannotLink("every unit needs a symbol found nowhere");
  std::string structors;
  if (!constructors.empty() || !destructors.empty()) {
    structors = structorObject(constructors, destructors, why);
    if (structors.empty())
      return std::nullopt;
    names.push_back("structors.o");
    llvm::NewArchiveMember member(llvm::MemoryBufferRef(structors, names.back()));
    member.MemberName = names.back();
    members.push_back(std::move(member));
  }
  // Link: the archive and the shared object under temporary names.
  std::error_code ec;
  fs::create_directories(folder, ec);
  auto archive = llvm::writeArchiveToBuffer(members, llvm::SymtabWritingMode::NormalSymtab,
                                            llvm::object::Archive::K_GNU, true, false);
  if (!archive) {
    why = llvm::toString(archive.takeError());
    return std::nullopt;
  }
  std::string input = temporaryName(folder, ".a");
  std::string output = temporaryName(folder, ".so");
  {
    std::ofstream out(input, std::ios::binary | std::ios::trunc);
    out.write((*archive)->getBufferStart(), static_cast<std::streamsize>((*archive)->getBufferSize()));
    out.close();
    if (!out) {
      fs::remove(input, ec);
      why = "cannot write " + input;
      return std::nullopt;
    }
  }
  bool refused = false; // by LLD, for these objects
  bool linked = link(input, output, why, refused);
  fs::remove(input, ec);
  if (!linked) {
    fs::remove(output, ec);
    if (refused)
      return cannotLink(why);
    return std::nullopt;
  }
  std::optional<std::string> bytes = readFile(output);
  if (!bytes) {
    fs::remove(output, ec);
    why = "cannot read " + output;
    return std::nullopt;
  }
  manifest.library = hashText(*bytes) + ".so";
  std::string path = folder + "/" + manifest.library;
  fs::rename(output, path, ec);
  if (ec) {
    fs::remove(output, ec);
    why = "cannot write " + path;
    return std::nullopt;
  }
  if (!writeAtomically(manifestPath, formatManifest(manifest))) {
    why = "cannot write the manifest in " + folder;
    return std::nullopt;
  }
  return SharedLibrary{path, manifest.outside, manifest.defines};
}

namespace {

/// Writes members as a static library to a temporary file in `folder`; its
/// path, or empty with `why` set.
std::string writeArchive(const ArchiveMembers &objects, const std::string &folder,
                         std::string &why) {
  std::vector<llvm::NewArchiveMember> members;
  for (const auto &[name, bytes] : objects) {
    llvm::NewArchiveMember member(llvm::MemoryBufferRef(bytes, name));
    member.MemberName = name;
    members.push_back(std::move(member));
  }
  auto archive = llvm::writeArchiveToBuffer(members, llvm::SymtabWritingMode::NormalSymtab,
                                            llvm::object::Archive::K_GNU, true, false);
  if (!archive) {
    why = llvm::toString(archive.takeError());
    return "";
  }
  std::string path = temporaryName(folder, ".a");
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write((*archive)->getBufferStart(), static_cast<std::streamsize>((*archive)->getBufferSize()));
  out.close();
  if (!out) {
    std::error_code ec;
    fs::remove(path, ec);
    why = "cannot write " + path;
    return "";
  }
  return path;
}

} // namespace

std::optional<std::string> linkSharedObject(std::span<const std::string> objects,
                                            std::span<const ArchiveMembers> archives,
                                            const std::vector<std::string> &libraries,
                                            const std::string &folder, std::string &why) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  ArchiveMembers modules;
  for (size_t i = 0; i < objects.size(); ++i)
    modules.push_back({"module" + std::to_string(i) + ".o", objects[i]});
  // The model's objects (all linked), then its static libraries (only the
  // members needed), then the shared libraries.
  std::vector<std::string> inputs;
  auto removeInputs = [&] {
    for (const std::string &path : inputs)
      fs::remove(path, ec);
  };
  inputs.push_back(writeArchive(modules, folder, why));
  for (const ArchiveMembers &archive : archives)
    if (!archive.empty())
      inputs.push_back(writeArchive(archive, folder, why));
  if (std::find(inputs.begin(), inputs.end(), "") != inputs.end()) {
    std::erase(inputs, "");
    removeInputs();
    return std::nullopt;
  }
  std::string input = inputs.front();
  std::vector<std::string> rest(inputs.begin() + 1, inputs.end());
  rest.insert(rest.end(), libraries.begin(), libraries.end());
  std::string output = temporaryName(folder, ".so");
  bool refused = false;
  bool linked = link(input, output, why, refused, rest);
  removeInputs();
  std::optional<std::string> bytes;
  if (linked)
    bytes = readFile(output);
  if (!bytes) {
    fs::remove(output, ec);
    if (linked)
      why = "cannot read " + output;
    return std::nullopt;
  }
  std::string path = folder + "/" + hashText(*bytes) + ".so";
  fs::rename(output, path, ec);
  if (ec) {
    fs::remove(output, ec);
    why = "cannot write " + path;
    return std::nullopt;
  }
  return path;
}

} // namespace mocc::ccode
