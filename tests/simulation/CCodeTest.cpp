// The C code of a library, compiled by mocc itself: the package
// libraries/CLib has C sources that its Makefile lists (with a macro the
// code needs), a source folder without a build description, a header with
// a static function and Include annotations with C code. The results are
// checked against the functions' definitions; the cache of compiled objects
// is used on the second run, not with --no-cache, and not for a source whose
// header changed; the library's units are loaded as one shared library from
// the second run on, made again when it is damaged, and not used once a
// source changed.
#include "ResultFile.h"

#include "compiler/ccode/SharedLibrary.h"
#include "compiler/driver/Driver.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <unistd.h>

using namespace mocc;
namespace fs = std::filesystem;

namespace {

const std::string kLibrary = MOCC_SIMULATION_MODELS "/../libraries/CLib";

/// A cache folder of its own for one test, removed at the end.
struct TemporaryCache {
  fs::path dir;
  explicit TemporaryCache(const std::string &name) {
    dir = fs::temp_directory_path() / ("mocc_ccode_" + name + "_" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    setenv("XDG_CACHE_HOME", dir.c_str(), 1);
  }
  ~TemporaryCache() {
    fs::remove_all(dir);
    unsetenv("XDG_CACHE_HOME");
  }
};

struct Run {
  int code = 0;
  std::string err;
  test::ResultFile result;
  int compiled = -1; ///< translation units compiled, from -v
  int cached = -1;   ///< read from the cache
  int shared = -1;   ///< of all, those in one shared library
};

Run simulate(const std::string &library, bool noCache = false,
             const std::string &model = "CLib.Examples.Values") {
  driver::CompileOptions options;
  options.libraries.push_back(library);
  options.model = model;
  options.verbose = true;
  options.noCache = noCache;
  fs::path path = fs::temp_directory_path() / ("mocc_ccode_" + std::to_string(getpid()) + ".csv");
  driver::SimulateOptions sim{NAN, NAN, NAN, 0, NAN, path.string(), ""};
  std::ostringstream out, err;
  Run run;
  run.code = driver::runSimulate(options, sim, out, err);
  run.err = err.str();
  std::smatch m;
  if (std::regex_search(run.err, m,
                        std::regex("C code: (\\d+) translation unit\\(s\\) compiled, (\\d+) read "
                                   "from the cache; (\\d+) in one shared library"))) {
    run.compiled = std::stoi(m[1]);
    run.cached = std::stoi(m[2]);
    run.shared = std::stoi(m[3]);
  }
  if (run.code == 0) {
    run.result = test::readResultFile(path.string());
    fs::remove(path);
  }
  return run;
}

void checkValues(const Run &run) {
  const auto &time = run.result["time"];
  REQUIRE(time.back() == doctest::Approx(1.0));
  for (size_t i = 0; i < time.size(); ++i) {
    double t = time[i];
    CHECK(run.result["a"][i] == doctest::Approx(3 * t));   // CLIB_SCALE from the Makefile
    CHECK(run.result["b"][i] == doctest::Approx(t + 0.5)); // Resources/Source
    CHECK(run.result["c"][i] == doctest::Approx(2 * t));   // static, in Resources/Include
    CHECK(run.result["d"][i] == doctest::Approx(10 + t));  // 1*3 + 2*2 + 3*1
    CHECK(run.result["e"][i] == doctest::Approx(5 * t));   // hypot(3, 4)
    CHECK(run.result["f"][i] == doctest::Approx(7 + 42 * t)); // the object, the C constructor
    // greeting() ran while translating; describe(t) has the length of
    // "x = " + String(t).
    char text[64];
    std::snprintf(text, sizeof text, "x = %.6g", t);
    double expected = std::string(text) == "x = 1" ? -5.0 : static_cast<double>(std::strlen(text));
    CHECK(run.result["g"][i] == expected);
  }
}

} // namespace

TEST_CASE("a library's own C code: compiled on first use, then read from the cache") {
  TemporaryCache cache("first");
  Run first = simulate(kLibrary);
  INFO(first.err);
  REQUIRE(first.code == 0);
  checkValues(first);
  // 3 files of the Makefile, 1 of Resources/Source, 3 Include texts; the
  // file of Resources/Source was compiled while translating (greeting() is
  // called then), and its object read from the cache for the model.
  CHECK(first.compiled + first.cached == 7);
  CHECK(first.compiled == 6);
  // The 4 units of the two libraries but clib_unused.c, which calls a
  // function found nowhere: linked into one shared library as they were
  // compiled.
  CHECK(first.shared == 3);
  Run second = simulate(kLibrary);
  INFO(second.err);
  REQUIRE(second.code == 0);
  checkValues(second);
  CHECK(second.compiled == 0);
  CHECK(second.cached == 7);
  CHECK(second.shared == 3);
}

namespace {

/// The files of the shared libraries in a cache.
std::vector<fs::path> sharedLibraries(const fs::path &cache, const std::string &extension) {
  std::vector<fs::path> files;
  for (const auto &entry : fs::directory_iterator(cache / "mocc/c/lib"))
    if (entry.path().extension() == extension)
      files.push_back(entry.path());
  return files;
}

} // namespace

TEST_CASE("a damaged shared library or manifest in the cache is made again, never loaded") {
  TemporaryCache cache("damaged");
  Run first = simulate(kLibrary);
  INFO(first.err);
  REQUIRE(first.code == 0);
  REQUIRE(first.shared == 3);
  // The shared object of the model's libraries: the one of 3 units.
  std::vector<fs::path> libraries = sharedLibraries(cache.dir, ".so");
  REQUIRE(libraries.size() == 2); // also the one of the call made while translating
  std::map<fs::path, uintmax_t> sizes;
  for (const fs::path &library : libraries) {
    sizes[library] = fs::file_size(library);
    fs::resize_file(library, sizes[library] / 2); // a full disk
  }
  Run second = simulate(kLibrary);
  INFO(second.err);
  REQUIRE(second.code == 0);
  checkValues(second);
  CHECK(second.compiled == 0); // the objects are in the cache: only linked again
  CHECK(second.shared == 3);
  for (const fs::path &library : libraries)
    CHECK(fs::file_size(library) == sizes[library]);
  for (const fs::path &manifest : sharedLibraries(cache.dir, ".txt"))
    std::ofstream(manifest, std::ios::trunc) << "mocc-c-library 1\nlibrary ";
  Run third = simulate(kLibrary);
  INFO(third.err);
  REQUIRE(third.code == 0);
  checkValues(third);
  CHECK(third.compiled == 0);
  CHECK(third.shared == 3);
  Run fourth = simulate(kLibrary);
  REQUIRE(fourth.code == 0);
  CHECK(fourth.shared == 3);
  CHECK(fourth.cached == 7);
}

TEST_CASE("a changed C source is compiled again, and its library made again") {
  TemporaryCache cache("source");
  fs::path copy = cache.dir / "CLib";
  fs::copy(kLibrary, copy, fs::copy_options::recursive);
  Run first = simulate(copy.string());
  INFO(first.err);
  REQUIRE(first.code == 0);
  checkValues(first);
  // The same size: a = 3 + t instead of 3 t.
  fs::path source = copy / "Resources/C-Sources/clib_math.c";
  std::string text;
  {
    std::ifstream in(source);
    std::ostringstream all;
    all << in.rdbuf();
    text = all.str();
  }
  size_t at = text.find("CLIB_SCALE * x");
  REQUIRE(at != std::string::npos);
  text.replace(at, 14, "CLIB_SCALE + x");
  std::ofstream(source, std::ios::trunc) << text;
  Run second = simulate(copy.string());
  INFO(second.err);
  REQUIRE(second.code == 0);
  CHECK(second.compiled == 1);
  CHECK(second.shared == 3);
  const auto &time = second.result["time"];
  for (size_t i = 0; i < time.size(); ++i)
    CHECK(second.result["a"][i] == doctest::Approx(3 + time[i]));
}

TEST_CASE("--no-cache compiles the C code and writes no cache") {
  TemporaryCache cache("none");
  Run run = simulate(kLibrary, true);
  INFO(run.err);
  REQUIRE(run.code == 0);
  checkValues(run);
  CHECK(run.compiled == 7);
  CHECK(fs::is_empty(cache.dir));
}

TEST_CASE("a source whose header changed is compiled again") {
  TemporaryCache cache("header");
  fs::path copy = cache.dir / "CLib";
  fs::copy(kLibrary, copy, fs::copy_options::recursive);
  Run first = simulate(copy.string());
  INFO(first.err);
  REQUIRE(first.code == 0);
  {
    std::ofstream header(copy / "Resources/C-Sources/clib.h", std::ios::app);
    header << "/* changed */\n";
  }
  Run second = simulate(copy.string());
  INFO(second.err);
  REQUIRE(second.code == 0);
  checkValues(second);
  // clib.h: the three files of the Makefile include it.
  CHECK(second.compiled == 3);
  CHECK(second.cached == 4);
}

TEST_CASE("a shared library that the loader refuses: its objects go to the JIT") {
  TemporaryCache cache("refused");
  // The library Twice: every C file of Resources/Source; helped.c calls a
  // function that only a library loaded by this test defines.
  fs::path twice = cache.dir / "Twice";
  fs::create_directories(twice / "Resources/Source");
  std::ofstream(twice / "package.mo")
      << "package Twice\n"
         "  function twice input Real x; output Real y;\n"
         "    external \"C\" y = twice_c(x) annotation(Library = \"Twice\");\n"
         "  end twice;\n"
         "  model M Real y = twice(time); end M;\n"
         "end Twice;\n";
  std::ofstream(twice / "Resources/Source/twice.c") << "double twice_c(double x) { return 2 * x; }\n";
  const char *helper = "mocc_test_helper_only_in_a_loaded_library";
  std::ofstream(twice / "Resources/Source/helped.c")
      << "double " << helper << "(double);\n"
      << "double helped(double x) { return " << helper << "(x); }\n";
  // That library, loaded into the process's global scope.
  std::vector<ccode::Source> units(1);
  units[0].isText = true;
  units[0].path = "helper";
  units[0].text = std::string("double ") + helper + "(double x) { return x; }\n";
  std::string helperCache = (cache.dir / "helper").string();
  auto objects = ccode::compile(units, {helperCache, 0});
  std::string why;
  auto library = ccode::makeSharedLibrary(units, objects, helperCache, why);
  INFO(why);
  REQUIRE(library);
  void *handle = dlopen(library->path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  REQUIRE(handle);
  // Made while the helper is there, the shared library holds both units.
  Run first = simulate(twice.string(), false, "Twice.M");
  INFO(first.err);
  REQUIRE(first.code == 0);
  CHECK(first.shared == 2);
  dlclose(handle);
  REQUIRE(!dlsym(RTLD_DEFAULT, helper));
  // Now the loader refuses it: the objects (from the cache) are linked by
  // the JIT, helped.o never, since no function needs it.
  Run second = simulate(twice.string(), false, "Twice.M");
  INFO(second.err);
  REQUIRE(second.code == 0);
  CHECK(second.shared == 0);
  CHECK(second.compiled == 0);
  CHECK(second.cached == 2);
  const auto &time = second.result["time"];
  for (size_t i = 0; i < time.size(); ++i)
    CHECK(second.result["y"][i] == doctest::Approx(2 * time[i]));
}

TEST_CASE("a function that an Include annotation defines wins over the library's own, as over an archive member") {
  TemporaryCache cache("include");
  // The library Hook calls hook(), which dummy.c defines unless the model
  // does (as the MSL's tables call usertab()).
  fs::path hook = cache.dir / "Hook";
  fs::create_directories(hook / "Resources/Source");
  std::ofstream(hook / "package.mo")
      << "package Hook\n"
         "  function own input Real x; output Real y;\n"
         "    external \"C\" y = call_hook(x) annotation(Library = \"Hook\",\n"
         "      Include = \"double hook(double x) { return 10 * x; }\");\n"
         "  end own;\n"
         "  function dummy input Real x; output Real y;\n"
         "    external \"C\" y = call_hook(x) annotation(Library = \"Hook\");\n"
         "  end dummy;\n"
         "  model WithOwn Real y = own(time); end WithOwn;\n"
         "  model WithDummy Real y = dummy(time); end WithDummy;\n"
         "end Hook;\n";
  std::ofstream(hook / "Resources/Source/user.c")
      << "double hook(double x);\ndouble call_hook(double x) { return hook(x); }\n";
  std::ofstream(hook / "Resources/Source/dummy.c") << "double hook(double x) { return -1; }\n";
  // The first pass fills the cache of C code, the second reads it (the
  // compiled models are left out of the cache: driver/ModelCache.h), the
  // third runs the compiled models from the cache, where the Include's
  // function wins just the same (an archive member of the model's shared
  // object).
  for (int pass = 0; pass < 3; ++pass) {
    if (pass < 2)
      fs::remove_all(cache.dir / "mocc/model");
    Run dummy = simulate(hook.string(), false, "Hook.WithDummy");
    INFO(dummy.err);
    REQUIRE(dummy.code == 0);
    bool fromCache = dummy.err.find("compiled model: from the cache") != std::string::npos;
    CHECK(fromCache == (pass == 2));
    if (pass < 2)
      CHECK(dummy.shared == 2);
    for (double y : dummy.result["y"])
      CHECK(y == -1);
    Run own = simulate(hook.string(), false, "Hook.WithOwn");
    INFO(own.err);
    REQUIRE(own.code == 0);
    if (pass < 2)
      CHECK(own.shared == 0); // the same library, linked by the JIT
    const auto &time = own.result["time"];
    for (size_t i = 0; i < time.size(); ++i)
      CHECK(own.result["y"][i] == doctest::Approx(10 * time[i]));
  }
}

TEST_CASE("FORTRAN 77: the system's LAPACK, arrays in column-major order, a CHARACTER argument") {
  driver::CompileOptions options;
  options.files.push_back(MOCC_SIMULATION_MODELS "/Lapack.mo");
  options.model = "Lapack.Solve";
  fs::path path = fs::temp_directory_path() / ("mocc_lapack_" + std::to_string(getpid()) + ".csv");
  driver::SimulateOptions sim{NAN, NAN, NAN, 0, NAN, path.string(), ""};
  std::ostringstream out, err;
  int code = driver::runSimulate(options, sim, out, err);
  INFO(err.str());
  REQUIRE(code == 0);
  test::ResultFile result = test::readResultFile(path.string());
  fs::remove(path);
  // A X0 = B for A = [4, 1, 0; 2, 3, 1; 0, 5, 3], B = [1, 0; 2, 1; 3, 7]:
  // a transposed A would give another X.
  const double x0[3][2] = {{0.1, 0.4}, {0.6, -1.6}, {0, 5}};
  const auto &time = result["time"];
  for (size_t i = 0; i < time.size(); ++i)
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 2; ++c)
        CHECK(result["X[" + std::to_string(r + 1) + "," + std::to_string(c + 1) + "]"][i] ==
              doctest::Approx((1 + time[i]) * x0[r][c]));
  CHECK(result["info"].back() == 0);
  CHECK(result["oneNorm"].back() == 9); // dlange("1"): the largest column sum
  CHECK(result["infNorm"].back() == 8); // dlange("I"): the largest row sum
  // A protected String goes to Fortran as its text (MLS 12.9.1.1), known
  // while translating or only at run time (then with strlen's length).
  for (size_t i = 0; i < time.size(); ++i) {
    CHECK(result["rowNorm"][i] == 8);
    if (time[i] < 0.49 || time[i] > 0.51)
      CHECK(result["switchedNorm"][i] == (time[i] > 0.5 ? 8 : 9));
  }
}

TEST_CASE("a call statement in a function runs, each time (an impure C function with a state)") {
  TemporaryCache cache("statement");
  driver::CompileOptions options;
  options.libraries.push_back(kLibrary);
  std::ostringstream out, err;
  int code = driver::runEval("CLib.pushTwice(1.5)", options, out, err);
  INFO(err.str());
  REQUIRE(code == 0);
  CHECK(out.str() == "3\n");
}

TEST_CASE("a protected external object of a function is destroyed when it returns") {
  TemporaryCache cache("protected");
  driver::CompileOptions options;
  options.libraries.push_back(kLibrary);
  std::ostringstream out, err;
  // 5 * 10 + 1 live while the function runs, then none.
  int code = driver::runEval("{CLib.startOfNew(5), CLib.live()}", options, out, err);
  INFO(err.str());
  REQUIRE(code == 0);
  CHECK(out.str() == "{51, 0}\n");
}

TEST_CASE("String results and outputs of C code, and Strings made at run time") {
  TemporaryCache cache("strings");
  auto eval = [](const std::string &expression) {
    driver::CompileOptions options;
    options.libraries.push_back(kLibrary);
    std::ostringstream out, err;
    int code = driver::runEval(expression, options, out, err);
    INFO(expression << ": " << err.str());
    CHECK(code == 0);
    return out.str();
  };
  CHECK(eval("CLib.greeting(\"mocc\")") == "\"hello, mocc!\"\n");
  CHECK(eval("CLib.split(\"one two three\")") == "\"one\"\n"); // the first output
  CHECK(eval("CLib.secondWord(\"one two three\")") == "9\n");
  CHECK(eval("CLib.describe(0.25)") == "8\n");  // "x = 0.25"
  CHECK(eval("CLib.describe(1)") == "-5\n");    // "x = 1"
  CHECK(eval("CLib.describe(1/3)") == "12\n");  // "x = 0.333333": 6 digits, as String() has
  CHECK(eval("CLib.digitsLength(1/3, 3)") == "5\n");   // "0.333"
  CHECK(eval("CLib.digitsLength(1/3, 10)") == "12\n"); // "0.3333333333"
  CHECK(eval("CLib.digitsLength(-2, 10)") == "2\n");   // "-2"
  CHECK(eval("CLib.pickLength(1)") == "1\n");          // "a"
  CHECK(eval("CLib.pickLength(3)") == "4\n");          // "dddd"
  CHECK(eval("CLib.madeLength(0.25, 1)") == "4\n");    // "0.25"
  CHECK(eval("CLib.madeLength(0.25, 2)") == "8\n");    // "x = 0.25"
  CHECK(eval("CLib.oneElement(1)") == "4.5\n");       // 2 + 2.5
  CHECK(eval("CLib.tokenLength(0.25)") == "1\n");      // "" and 1
  CHECK(eval("CLib.tokenLength(0.75)") == "9\n");      // "x = 0.75" and 1
  // A subscript out of bounds stops the call with a message, as for numbers.
  driver::CompileOptions options;
  options.libraries.push_back(kLibrary);
  std::ostringstream out, err;
  CHECK(driver::runEval("CLib.pickLength(4)", options, out, err) != 0);
  CHECK(err.str().find("index 4 out of bounds for `names` of size 3") != std::string::npos);
}

TEST_CASE("ModelicaServices.ExternalReferences.loadResource: mocc's own, resolving modelica:// URIs") {
  driver::CompileOptions options;
  options.libraries.push_back(kLibrary);
  for (const char *uri : {"modelica://CLib/Resources/Include/clib_inline.h",
                          "modelica:/CLib/Resources/Include/clib_inline.h"}) {
    std::ostringstream out, err;
    int code = driver::runEval(
        std::string("ModelicaServices.ExternalReferences.loadResource(\"") + uri + "\")", options,
        out, err);
    INFO(err.str());
    REQUIRE(code == 0);
    std::string path = out.str();
    REQUIRE(path.size() > 3);
    path = path.substr(1, path.size() - 3); // without the quotes and the line break
    CHECK(fs::path(path).is_absolute());
    CHECK(fs::equivalent(path, kLibrary + "/Resources/Include/clib_inline.h"));
  }
}
