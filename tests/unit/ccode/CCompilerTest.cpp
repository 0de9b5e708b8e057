// Unit tests of the C compiler inside mocc: build descriptions read into
// translation units (a gcc Makefile with variables, substitution references,
// pattern and explicit rules and a library that adds another; an automake
// Makefile.am), C text compiled to objects (diagnostics at the lines of a
// #line directive, constructors exported), and the cache: hits, a header
// that changed, and two threads filling it at once.
#include "compiler/ccode/CCompiler.h"
#include "compiler/ccode/LibrarySources.h"
#include "compiler/ccode/ObjectCache.h"
#include "tests/unit/ccode/Folder.h"

#include <algorithm>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unistd.h>

using namespace mocc::ccode;
using namespace mocc;
namespace fs = std::filesystem;

namespace {

/// A temporary folder of this binary, removed at the end.
struct Folder : test::Folder {
  explicit Folder(const std::string &name) : test::Folder("mocc_ccode_unit", name) {}
};

std::vector<std::string> paths(const std::vector<Source> &units) {
  std::vector<std::string> out;
  for (const Source &u : units)
    out.push_back(fs::path(u.path).filename().string());
  return out;
}

bool has(const std::vector<std::string> &list, const std::string &item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

Source text(const std::string &code) {
  Source s;
  s.isText = true;
  s.path = "test";
  s.text = code;
  return s;
}

} // namespace

TEST_CASE("a gcc Makefile gives each library's files with their flags") {
  Folder f("make");
  f.write("src/a.c", "");
  f.write("src/b.c", "");
  f.write("src/z/z1.c", "");
  f.write("build/Makefile",
          "# comment\n"
          "CPPFLAGS = -DCOMMON -DVALUE=2 \\\n"
          "   -DMORE\n"
          "INC = -I\"../src/z\"\n"
          "SRCS = a.c b.c\n"
          "OBJS = $(SRCS:.c=.o)\n"
          "ZOBJS := z1.o\n"
          "libFirst.a: $(OBJS) libZ.a\n"
          "\tar -ru $@ $(OBJS)\n"
          "libZ.a: $(ZOBJS)\n"
          "\tar -ru $@ $^\n"
          "b.o: ../src/b.c\n"
          "\t$(CC) $(CPPFLAGS) -DONLY_B -UCOMMON -std=c99 -O3 -Wall $(INC) -c -o $@ $<\n"
          "%.o: ../src/%.c\n"
          "\t$(CC) $(CPPFLAGS) $(INC) -c -o $@ $<\n"
          "z1.o: ../src/z/z1.c\n"
          "\t$(CC) -DZ -c $< -o $@\n");
  auto units = readMakefile((f.path / "build/Makefile").string(), "First");
  REQUIRE(units);
  auto files = paths(*units);
  CHECK(files == std::vector<std::string>{"a.c", "b.c", "z1.c"}); // libZ.a adds z1.o
  const Source &a = (*units)[0];
  CHECK(a.path == (f.path / "src/a.c").lexically_normal().string());
  CHECK(has(a.defines, "COMMON"));
  CHECK(has(a.defines, "VALUE=2"));
  CHECK(has(a.defines, "MORE"));
  CHECK(!has(a.defines, "ONLY_B"));
  CHECK(a.includeDirectories == std::vector<std::string>{(f.path / "src/z").lexically_normal().string()});
  const Source &b = (*units)[1];
  CHECK(has(b.defines, "ONLY_B"));
  CHECK(has(b.undefines, "COMMON"));
  CHECK(b.flags == std::vector<std::string>{"-std=c99"}); // -O3 and -Wall are mocc's choice
  CHECK((*units)[2].defines == std::vector<std::string>{"Z"});
  CHECK(!readMakefile((f.path / "build/Makefile").string(), "Other"));
}

TEST_CASE("make's built-in rule makes an object from the C file of its name") {
  Folder f("builtin");
  f.write("x.c", "");
  f.write("Makefile", "CFLAGS = -DX=1\nlibX.so: x.o\n\t$(CC) -shared -o $@ $^\n");
  auto units = readMakefile((f.path / "Makefile").string(), "X");
  REQUIRE(units);
  REQUIRE(units->size() == 1);
  CHECK((*units)[0].defines == std::vector<std::string>{"X=1"});
}

TEST_CASE("an automake Makefile.am gives the sources of a library and of those it adds") {
  Folder f("am");
  f.write("am/Makefile.am",
          "lib_LTLIBRARIES = libA.la libB.la\n"
          "libA_la_SOURCES = ../src/a1.c ../src/a2.c ../src/a.h\n"
          "libA_la_CPPFLAGS = -DFROM_A\n"
          "libA_la_LIBADD = libB.la @LIBMATH@\n"
          "if HAVE_B\n"
          "libB_la_SOURCES = ../src/b.c\n"
          "else\n"
          "libB_la_SOURCES = ../src/other.c\n"
          "endif\n");
  auto units = readMakefileAm((f.path / "am/Makefile.am").string(), "A");
  REQUIRE(units);
  CHECK(paths(*units) == std::vector<std::string>{"a1.c", "a2.c", "b.c"});
  CHECK((*units)[0].defines == std::vector<std::string>{"FROM_A"});
}

TEST_CASE("without a build description, a library is every C file of its source folder") {
  Folder f("fallback");
  f.write("Resources/Source/one.c", "");
  f.write("Resources/Source/two.c", "");
  f.write("Resources/Source/notes.txt", "");
  f.write("Resources/BuildProjects/gcc/Makefile", "libOther.a: other.o\n");
  SourceSearch search;
  search.resourceDirectories = {(f.path / "Resources").string()};
  search.sourceDirectories = {(f.path / "Resources/Source").string()};
  search.includeDirectories = {(f.path / "Resources/Include").string()};
  auto sources = findLibrarySources("Lib", search);
  REQUIRE(sources);
  CHECK(paths(sources->units) == std::vector<std::string>{"one.c", "two.c"});
  CHECK(sources->units[0].includeDirectories.front() == (f.path / "Resources/Include").string());
  search.sourceDirectories = {(f.path / "Resources/Nothing").string()};
  CHECK(!findLibrarySources("Lib", search));
}

TEST_CASE("C text compiles to an object; errors stand at the lines of #line") {
  auto ok = compile(std::vector<Source>{text("int twice(int x) { return 2 * x; }\n")}, {});
  REQUIRE(ok.size() == 1);
  CHECK(!ok[0].object.empty());
  CHECK(ok[0].object.compare(0, 4, "\x7f" "ELF") == 0);
  CHECK(ok[0].diagnostics.empty());

  auto bad = compile(std::vector<Source>{text("#line 40 \"model.mo\"\nint f(void) {\n  return y;\n}\n")}, {});
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].object.empty());
  REQUIRE(!bad[0].diagnostics.empty());
  const CDiagnostic &d = bad[0].diagnostics[0];
  CHECK(d.severity == mocc::SeverityKind::Error);
  CHECK(d.file == "model.mo");
  CHECK(d.line == 41);
  CHECK(d.column == 10);
  CHECK(d.sourceLine == "  return y;");
  CHECK(d.message.find("undeclared identifier 'y'") != std::string::npos);
}

TEST_CASE("C constructors and destructors become one exported function each") {
  auto objects = compile(
      std::vector<Source>{text("static int n;\n"
                               "__attribute__((constructor)) static void up(void) { n = 1; }\n"
                               "__attribute__((destructor)) static void down(void) { n = 0; }\n"
                               "int get(void) { return n; }\n")},
      {});
  REQUIRE(objects.size() == 1);
  CHECK(!objects[0].object.empty());
  CHECK(objects[0].constructors.rfind("mocc_c_", 0) == 0);
  CHECK(objects[0].destructors.rfind("mocc_c_", 0) == 0);
}

TEST_CASE("the runtime's ModelicaUtilities.h is found, after the unit's own folders") {
  auto objects = compile(std::vector<Source>{text(
                             "#include \"ModelicaUtilities.h\"\n"
                             "void fail(void) { ModelicaFormatError(\"%d\", 1); }\n")},
                         {});
  REQUIRE(objects.size() == 1);
  CHECK(objects[0].diagnostics.empty());
  CHECK(!objects[0].object.empty());
}

TEST_CASE("the cache: a hit, a changed header, two threads filling it at once") {
  Folder f("cache");
  f.write("src/h.h", "#define VALUE 1\n");
  f.write("src/u.c", "#include \"h.h\"\nint value(void) { return VALUE; }\n");
  Source unit;
  unit.path = (f.path / "src/u.c").string();
  CompileOptions options;
  options.cacheDirectory = (f.path / "cache").string();
  std::vector<Source> units{unit};
  auto first = compile(units, options);
  REQUIRE(!first[0].object.empty());
  CHECK(!first[0].fromCache);
  auto second = compile(units, options);
  CHECK(second[0].fromCache);
  CHECK(second[0].object == first[0].object);
  f.write("src/h.h", "#define VALUE 2 /* changed */\n");
  auto third = compile(units, options);
  CHECK(!third[0].fromCache);

  // Two threads compile the same units into an empty cache: both get
  // objects, and the cache holds one whole entry per unit, no temporary file.
  fs::remove_all(f.path / "cache");
  std::vector<Source> many;
  for (int i = 0; i < 6; ++i)
    many.push_back(text("int f" + std::to_string(i) + "(void) { return " + std::to_string(i) + "; }\n"));
  std::vector<CompiledObject> a, b;
  std::thread one([&] { a = compile(many, options); });
  std::thread two([&] { b = compile(many, options); });
  one.join();
  two.join();
  size_t entries = 0, temporaries = 0;
  for (const auto &entry : fs::recursive_directory_iterator(f.path / "cache")) {
    if (!entry.is_regular_file())
      continue;
    std::string name = entry.path().filename().string();
    (name.find(".tmp.") != std::string::npos ? temporaries : entries) += 1;
  }
  CHECK(entries == many.size());
  CHECK(temporaries == 0);
  for (size_t i = 0; i < many.size(); ++i) {
    CHECK(!a[i].object.empty());
    CHECK(a[i].object == b[i].object);
  }
  auto again = compile(many, options);
  for (const CompiledObject &o : again)
    CHECK(o.fromCache);
}

TEST_CASE("Clang's resource directory is found at run time") {
  std::string why;
  std::string dir = resourceDirectory(why);
  INFO(why);
  REQUIRE(!dir.empty());
  CHECK(fs::is_regular_file(dir + "/include/stddef.h"));
}
