// Unit tests of the C libraries linked into one shared object in the cache
// (ccode/SharedLibrary.h) and of the cache's checks: units that need a
// symbol found nowhere stay out, constructors run when it is loaded; it is
// found again only while every file it was made from has the same text
// (a change that keeps a file's size and time of modification too), and
// never when it or its manifest is damaged; a damaged object entry is
// compiled again; stamps are trusted only for files that have been still.
#include "compiler/ccode/CCompiler.h"
#include "compiler/ccode/ObjectCache.h"
#include "compiler/ccode/SharedLibrary.h"
#include "tests/unit/ccode/Folder.h"

#include <chrono>
#include <csignal>
#include <dlfcn.h>
#include <fcntl.h>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace mocc::ccode;
using namespace mocc;
namespace fs = std::filesystem;

namespace {

/// A temporary folder of this binary, removed at the end.
struct Folder : test::Folder {
  explicit Folder(const std::string &name) : test::Folder("mocc_shared_unit", name) {}
};

/// Rewrites a file with `text`, then gives it back its time of
/// modification: only its inode's time of change tells.
void rewriteKeepingTime(const fs::path &file, const std::string &text) {
  struct stat before;
  REQUIRE(stat(file.c_str(), &before) == 0);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
  struct timespec times[2] = {before.st_atim, before.st_mtim};
  REQUIRE(utimensat(AT_FDCWD, file.c_str(), times, 0) == 0);
}

/// The units of the test library: `a` (a constructor, a header), `b`
/// (calls `a`), `c` (calls a function found nowhere), `d` (calls `c`).
std::vector<Source> writeLibrary(const Folder &f) {
  f.write("src/h.h", "#define BASE 40\n");
  f.write("src/a.c", "#include \"h.h\"\n"
                     "static int started;\n"
                     "__attribute__((constructor)) static void start(void) { started = 2; }\n"
                     "int lib_a(void) { return BASE + started; }\n");
  f.write("src/b.c", "int lib_a(void);\nint lib_b(void) { return lib_a() + 1; }\n");
  f.write("src/c.c", "int defined_nowhere(void);\nint lib_c(void) { return defined_nowhere(); }\n");
  f.write("src/d.c", "int lib_c(void);\nint lib_d(void) { return lib_c() + 1; }\n");
  std::vector<Source> units;
  for (const char *name : {"a.c", "b.c", "c.c", "d.c"}) {
    Source unit;
    unit.path = (f.path / "src" / name).string();
    units.push_back(unit);
  }
  return units;
}

std::optional<SharedLibrary> make(const Folder &f, const std::vector<Source> &units) {
  CompileOptions options;
  options.cacheDirectory = f.cache();
  auto objects = compile(units, options);
  for (const CompiledObject &o : objects)
    REQUIRE(!o.object.empty());
  std::string why;
  auto library = makeSharedLibrary(units, objects, f.cache(), why);
  INFO(why);
  REQUIRE(library);
  return library;
}

/// The manifest of the library (the only .txt file of the cache's lib/).
fs::path manifestOf(const Folder &f) {
  for (const auto &entry : fs::directory_iterator(f.path / "cache/c/lib"))
    if (entry.path().extension() == ".txt")
      return entry.path();
  return {};
}

} // namespace

TEST_CASE("a shared library of compiled units: units needing a symbol found nowhere stay out") {
  Folder f("make");
  std::vector<Source> units = writeLibrary(f);
  auto library = make(f, units);
  // c needs defined_nowhere; d needs lib_c, which only c defines.
  CHECK(library->outside == std::vector<size_t>{2, 3});
  void *handle = dlopen(library->path.c_str(), RTLD_NOW | RTLD_LOCAL);
  INFO(dlerror());
  REQUIRE(handle);
  auto *libB = reinterpret_cast<int (*)()>(dlsym(handle, "lib_b"));
  REQUIRE(static_cast<bool>(libB));
  CHECK(libB() == 43); // 40 + 2 from the constructor, + 1
  CHECK(!dlsym(handle, "lib_c"));
  dlclose(handle);
  auto found = findSharedLibrary(units, f.cache());
  REQUIRE(found);
  CHECK(found->path == library->path);
  CHECK(found->outside == library->outside);
  // Another set of units is another library.
  std::vector<Source> fewer(units.begin(), units.begin() + 2);
  CHECK(!findSharedLibrary(fewer, f.cache()));
}

TEST_CASE("a shared library is not used after a file it was made from changed, or when damaged") {
  Folder f("stale");
  std::vector<Source> units = writeLibrary(f);
  auto library = make(f, units);
  REQUIRE(findSharedLibrary(units, f.cache()));

  // A source with another text of the same size and time of modification.
  std::string a = f.read("src/a.c");
  std::string changed = a;
  changed.replace(changed.find("started = 2"), 11, "started = 3");
  REQUIRE(changed.size() == a.size());
  rewriteKeepingTime(f.path / "src/a.c", changed);
  CHECK(!findSharedLibrary(units, f.cache()));
  rewriteKeepingTime(f.path / "src/a.c", a); // the same text again: the same library
  CHECK(findSharedLibrary(units, f.cache()));

  // A header.
  rewriteKeepingTime(f.path / "src/h.h", "#define BASE 41\n");
  CHECK(!findSharedLibrary(units, f.cache()));
  rewriteKeepingTime(f.path / "src/h.h", "#define BASE 40\n");
  REQUIRE(findSharedLibrary(units, f.cache()));

  // The shared object cut short (a full disk), then one byte changed.
  std::string bytes;
  {
    std::ifstream in(library->path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    bytes = text.str();
  }
  fs::resize_file(library->path, bytes.size() / 2);
  CHECK(!findSharedLibrary(units, f.cache()));
  std::string flipped = bytes;
  flipped[flipped.size() / 2] ^= 1;
  std::ofstream(library->path, std::ios::binary | std::ios::trunc) << flipped;
  CHECK(!findSharedLibrary(units, f.cache()));
  // Made again, it is whole.
  auto again = make(f, units);
  CHECK(again->path == library->path);
  CHECK(fs::file_size(again->path) == bytes.size());
  REQUIRE(findSharedLibrary(units, f.cache()));

  // The manifest: one character changed, cut short, empty.
  fs::path manifest = manifestOf(f);
  std::string text = f.read(fs::relative(manifest, f.path).string());
  std::string damaged = text;
  size_t at = damaged.find("\nunits ") + 7;
  damaged[at] = damaged[at] == '4' ? '5' : '4';
  std::ofstream(manifest, std::ios::binary | std::ios::trunc) << damaged;
  CHECK(!findSharedLibrary(units, f.cache()));
  std::ofstream(manifest, std::ios::binary | std::ios::trunc) << text.substr(0, text.size() - 10);
  CHECK(!findSharedLibrary(units, f.cache()));
  std::ofstream(manifest, std::ios::binary | std::ios::trunc) << "";
  CHECK(!findSharedLibrary(units, f.cache()));
  std::ofstream(manifest, std::ios::binary | std::ios::trunc) << text;
  CHECK(findSharedLibrary(units, f.cache()));
}

TEST_CASE("a damaged object entry of the cache is compiled again") {
  Folder f("entry");
  f.write("u.c", "int value(void) { return 7; }\n");
  Source unit;
  unit.path = (f.path / "u.c").string();
  CompileOptions options;
  options.cacheDirectory = f.cache();
  std::vector<Source> units{unit};
  auto first = compile(units, options);
  REQUIRE(!first[0].object.empty());
  REQUIRE(compile(units, options)[0].fromCache);
  fs::path entry;
  for (const auto &file : fs::recursive_directory_iterator(f.path / "cache"))
    if (file.path().extension() == ".o")
      entry = file.path();
  REQUIRE(!entry.empty());
  std::string bytes = f.read(fs::relative(entry, f.path).string());
  // One byte of the object changed: the size is right, the hash is not.
  std::string flipped = bytes;
  flipped[bytes.size() - 100] ^= 1;
  std::ofstream(entry, std::ios::binary | std::ios::trunc) << flipped;
  auto second = compile(units, options);
  CHECK(!second[0].fromCache);
  CHECK(second[0].object == first[0].object);
  // Cut short, and garbage.
  fs::resize_file(entry, bytes.size() - 1);
  CHECK(!compile(units, options)[0].fromCache);
  std::ofstream(entry, std::ios::binary | std::ios::trunc) << "mocc-c-object 2\nconstructors";
  CHECK(!compile(units, options)[0].fromCache);
  CHECK(compile(units, options)[0].fromCache); // written whole again
}

TEST_CASE("two threads making the same shared library at once: one whole library") {
  Folder f("threads");
  std::vector<Source> units = writeLibrary(f);
  CompileOptions options;
  options.cacheDirectory = f.cache();
  auto objects = compile(units, options);
  std::optional<SharedLibrary> one, two;
  std::string whyOne, whyTwo;
  std::thread a([&] { one = makeSharedLibrary(units, objects, f.cache(), whyOne); });
  std::thread b([&] { two = makeSharedLibrary(units, objects, f.cache(), whyTwo); });
  a.join();
  b.join();
  REQUIRE(one);
  REQUIRE(two);
  CHECK(one->path == two->path); // the same bytes, the same name
  size_t files = 0;
  for (const auto &entry : fs::directory_iterator(f.path / "cache/c/lib")) {
    CHECK(entry.path().filename().string().find("tmp") == std::string::npos);
    ++files;
  }
  CHECK(files == 2); // the manifest and the library
  CHECK(findSharedLibrary(units, f.cache()));
}

TEST_CASE("stamps: trusted only for files that have been still; a trusted one still sees a change") {
  Folder f("stamps");
  f.write("h.h", "#define V 1\n");
  // Just written: not trusted (a second write in the same clock tick
  // would keep its times).
  Dependency fresh = fileState((f.path / "h.h").string());
  CHECK(!fresh.hash.empty());
  CHECK(!fresh.stamp.trusted);
  std::vector<Source> units = writeLibrary(f);
  std::this_thread::sleep_for(std::chrono::milliseconds(racySeconds * 1000 + 200));
  auto library = make(f, units);
  std::string manifest = f.read(fs::relative(manifestOf(f), f.path).string());
  // Every file of the test's own has a stamp in the manifest now.
  std::istringstream lines(manifest);
  size_t stamped = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.find((f.path / "src").string()) == std::string::npos)
      continue;
    auto d = parseDependency(line);
    REQUIRE(d);
    CHECK(d->stamp.trusted);
    ++stamped;
  }
  CHECK(stamped == 5); // 4 sources and h.h
  Dependency still = fileState((f.path / "src/h.h").string());
  CHECK(still.stamp.trusted);
  CHECK(isUnchanged(still));
  REQUIRE(findSharedLibrary(units, f.cache()));
  // The same size and time of modification, another text: the stamp's
  // time of change (and the hash behind it) tell.
  rewriteKeepingTime(f.path / "src/h.h", "#define BASE 47\n");
  CHECK(!isUnchanged(still));
  CHECK(!findSharedLibrary(units, f.cache()));
}

TEST_CASE("units that LLD refuses (a function defined twice) are said so once, in the manifest") {
  Folder f("refused");
  f.write("one.c", "int twice(void) { return 1; }\n");
  f.write("two.c", "int twice(void) { return 2; }\n");
  std::vector<Source> units(2);
  units[0].path = (f.path / "one.c").string();
  units[1].path = (f.path / "two.c").string();
  CompileOptions options;
  options.cacheDirectory = f.cache();
  auto objects = compile(units, options);
  std::string why;
  CHECK(!makeSharedLibrary(units, objects, f.cache(), why));
  CHECK(why.find("duplicate symbol") != std::string::npos);
  auto found = findSharedLibrary(units, f.cache());
  REQUIRE(found);
  CHECK(found->path.empty()); // the JIT links the objects; no second try
  // A change of a file makes it worth trying again.
  f.write("two.c", "int other(void) { return 2; }\n");
  CHECK(!findSharedLibrary(units, f.cache()));
  objects = compile(units, options);
  auto library = makeSharedLibrary(units, objects, f.cache(), why);
  INFO(why);
  REQUIRE(library);
  CHECK(!library->path.empty());
}

namespace {
void testHandler(int) {}
} // namespace

TEST_CASE("linking leaves the process's signal handlers and the thread's alternate stack as they were") {
  Folder f("signals");
  std::vector<Source> units = writeLibrary(f);
  CompileOptions options;
  options.cacheDirectory = f.cache();
  auto objects = compile(units, options);
  // On a thread of its own, with a small alternate stack of its own (as
  // mocc's compiler thread has), and a handler of SIGTERM.
  std::thread linker([&] {
    std::vector<char> small(65536);
    stack_t mine{}, before{};
    mine.ss_sp = small.data();
    mine.ss_size = small.size();
    CHECK(sigaltstack(&mine, &before) == 0); // (REQUIRE would throw off the thread)
    struct sigaction handler{}, previous{};
    handler.sa_handler = testHandler;
    sigemptyset(&handler.sa_mask);
    CHECK(sigaction(SIGTERM, &handler, &previous) == 0);
    std::string why;
    auto library = makeSharedLibrary(units, objects, f.cache(), why);
    INFO(why);
    CHECK(library);
    struct sigaction now{};
    sigaction(SIGTERM, nullptr, &now);
    bool sameHandler = now.sa_handler == &testHandler;
    CHECK(sameHandler);
    stack_t current{};
    sigaltstack(nullptr, &current);
    CHECK(current.ss_sp == small.data());
    CHECK(current.ss_size == small.size());
    sigaction(SIGTERM, &previous, nullptr);
    stack_t back{};
    if (before.ss_flags & SS_DISABLE) {
      back.ss_flags = SS_DISABLE;
    } else {
      back.ss_sp = before.ss_sp;
      back.ss_size = before.ss_size;
    }
    sigaltstack(&back, nullptr);
  });
  linker.join();
}

TEST_CASE("the caches' hash is XXH64 (the reference's test values), 128 bits under two seeds") {
  // The values of the xxHash reference implementation.
  CHECK(hash64("", 0) == 0xEF46DB3751D8E999ULL);
  CHECK(hash64("a", 0) == 0xD24EC4F1A98C6E5BULL);
  CHECK(hash64("abc", 0) == 0x44BC2CF5AD770999ULL);
  std::string longer(1000, 'x');
  for (size_t i = 0; i < longer.size(); ++i)
    longer[i] = static_cast<char>('a' + i % 26);
  // Every length up to a few stripes differs from its neighbours.
  std::set<std::string> seen;
  for (size_t n = 0; n <= 100; ++n)
    CHECK(seen.insert(hashText(std::string_view(longer).substr(0, n))).second);
  CHECK(hashText("abc").size() == 32);
  CHECK(hashText("abc") != hashText("abd"));
}
