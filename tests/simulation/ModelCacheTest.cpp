// The cache of compiled models (compiler/driver/ModelCache.h): a second run
// of an unchanged model takes its compiled code from the cache and writes
// the same result byte for byte; overrides apply to it, a structural one is
// refused as on the first run; an edit of the model's file or of a library
// file it uses, or a damaged entry or shared object, compiles the model
// again; --no-cache neither reads nor writes the cache.
#include "compiler/driver/Driver.h"

#include <cmath>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace mocc;
namespace fs = std::filesystem;

namespace {

/// A folder of its own for one test (the cache and the model's files),
/// removed at the end.
struct Workspace {
  fs::path dir;
  explicit Workspace(const std::string &name) {
    dir = fs::temp_directory_path() / ("mocc_mcache_" + name + "_" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "cache");
    fs::create_directories(dir / "Lib");
    setenv("XDG_CACHE_HOME", (dir / "cache").c_str(), 1);
    write("Lib/package.mo", "package Lib\nend Lib;\n");
    write("Lib/Decay.mo", "within Lib;\nfunction Decay\n  input Real k;\n  input Real x;\n"
                          "  output Real y;\nalgorithm\n  y := -k * x;\nend Decay;\n");
    write("M.mo", "model M\n  parameter Integer n = 3;\n  parameter Real k = 2;\n"
                  "  Real x[n](each start = 1, each fixed = true);\n  Real y(start = 0.5);\n"
                  "equation\n  for i in 1:n loop\n    der(x[i]) = Lib.Decay(k * i, x[i]);\n"
                  "  end for;\n  y = sin(time) + x[1];\n"
                  "  annotation(experiment(StopTime = 1, Interval = 0.01));\nend M;\n");
  }
  ~Workspace() {
    fs::remove_all(dir);
    unsetenv("XDG_CACHE_HOME");
  }
  void write(const std::string &name, const std::string &text) const {
    std::ofstream(dir / name, std::ios::binary | std::ios::trunc) << text;
  }
  std::string read(const std::string &name) const {
    std::ifstream in(dir / name, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  /// The files of the model cache with this extension.
  std::vector<fs::path> cacheFiles(const std::string &extension) const {
    std::vector<fs::path> files;
    std::error_code ec;
    for (auto it = fs::directory_iterator(dir / "cache/mocc/model", ec); !ec && it != fs::end(it);
         it.increment(ec))
      if (it->path().extension() == extension)
        files.push_back(it->path());
    return files;
  }
};

struct Run {
  int code = 0;
  std::string err;
  std::string result; ///< the CSV's bytes
  bool fromCache = false;
  bool stored = false;
};

Run simulate(const Workspace &w, const std::string &overrides = "", bool noCache = false) {
  driver::CompileOptions options;
  options.files.push_back((w.dir / "M.mo").string());
  options.libraries.push_back((w.dir / "Lib").string());
  options.verbose = true;
  options.noCache = noCache;
  fs::path out = w.dir / "M_res.csv";
  fs::remove(out);
  driver::SimulateOptions sim{NAN, NAN, NAN, 0, NAN, out.string(), ""};
  if (!overrides.empty())
    sim.overrides.push_back({false, overrides});
  std::ostringstream stdoutText, err;
  Run run;
  run.code = driver::runSimulate(options, sim, stdoutText, err);
  run.err = err.str();
  run.fromCache = run.err.find("compiled model: from the cache") != std::string::npos;
  run.stored = run.err.find("compiled model: stored in the cache") != std::string::npos;
  if (run.code == 0)
    run.result = w.read("M_res.csv");
  return run;
}

} // namespace

TEST_CASE("model cache: the second run takes the compiled model from the cache, same result") {
  Workspace w("same");
  Run cold = simulate(w);
  INFO(cold.err);
  REQUIRE(cold.code == 0);
  CHECK(cold.stored);
  CHECK_FALSE(cold.fromCache);
  CHECK(w.cacheFiles(".entry").size() == 1);
  CHECK(w.cacheFiles(".so").size() == 1);
  Run warm = simulate(w);
  INFO(warm.err);
  REQUIRE(warm.code == 0);
  CHECK(warm.fromCache);
  CHECK(warm.err.find("flatten ") == std::string::npos); // no phase of the translation ran
  CHECK(warm.result == cold.result);
  CHECK(warm.result.find("\"x[3]\"") != std::string::npos);
}

TEST_CASE("model cache: overrides apply to the cached model as to a fresh translation") {
  Workspace w("overrides");
  REQUIRE(simulate(w).code == 0);
  Run warm = simulate(w, "k=0.5,x[2].start=3,stopTime=2");
  INFO(warm.err);
  REQUIRE(warm.code == 0);
  CHECK(warm.fromCache);
  Run fresh = simulate(w, "k=0.5,x[2].start=3,stopTime=2", true);
  INFO(fresh.err);
  REQUIRE(fresh.code == 0);
  CHECK_FALSE(fresh.fromCache);
  CHECK(warm.result == fresh.result);
  CHECK(warm.result != simulate(w).result);
  // x[2](2) = 3 exp(-2 * 0.5 * 2): the last row holds it.
  std::string last = warm.result.substr(warm.result.rfind('\n', warm.result.size() - 2) + 1);
  CHECK(last.rfind("2,", 0) == 0);
}

TEST_CASE("model cache: a structural or unknown override is refused on a cached model too") {
  Workspace w("structural");
  REQUIRE(simulate(w).code == 0);
  Run structural = simulate(w, "n=4");
  CHECK(structural.code == 2);
  CHECK(structural.fromCache == false);
  CHECK(structural.err.find("`n` cannot be overridden: the translation used its value") !=
        std::string::npos);
  Run unknown = simulate(w, "q=1");
  CHECK(unknown.code == 2);
  CHECK(unknown.err.find("has no variable") != std::string::npos);
  Run cold = simulate(w, "n=4", true);
  CHECK(cold.code == 2);
  CHECK(cold.err.find("`n` cannot be overridden") != std::string::npos);
}

TEST_CASE("model cache: an edit of the model or of a library file it uses compiles again") {
  Workspace w("edit");
  Run first = simulate(w);
  REQUIRE(first.code == 0);
  std::string model = w.read("M.mo");
  w.write("M.mo", model.substr(0, model.find("sin(time)")) + "cos(time)" +
                      model.substr(model.find("sin(time)") + 9));
  Run edited = simulate(w);
  INFO(edited.err);
  REQUIRE(edited.code == 0);
  CHECK_FALSE(edited.fromCache);
  CHECK(edited.err.find("M.mo` changed") != std::string::npos);
  CHECK(edited.result != first.result);
  CHECK(simulate(w).fromCache);
  std::string decay = w.read("Lib/Decay.mo");
  w.write("Lib/Decay.mo", decay.substr(0, decay.find("-k * x")) + "-2 * k * x" +
                              decay.substr(decay.find("-k * x") + 6));
  Run library = simulate(w);
  INFO(library.err);
  REQUIRE(library.code == 0);
  CHECK_FALSE(library.fromCache);
  CHECK(library.result != edited.result);
  // A new file in a library folder may shadow a class: compiled again.
  REQUIRE(simulate(w).fromCache);
  w.write("Lib/Other.mo", "within Lib;\nconstant Real c = 1;\n");
  Run added = simulate(w);
  CHECK_FALSE(added.fromCache);
  CHECK(added.result == library.result);
}

TEST_CASE("model cache: a damaged entry or shared object compiles the model again") {
  Workspace w("damaged");
  Run cold = simulate(w);
  REQUIRE(cold.code == 0);
  auto entries = w.cacheFiles(".entry");
  auto objects = w.cacheFiles(".so");
  REQUIRE(entries.size() == 1);
  REQUIRE(objects.size() == 1);
  // A truncated shared object never reaches the dynamic loader.
  fs::resize_file(objects[0], fs::file_size(objects[0]) / 2);
  Run truncated = simulate(w);
  INFO(truncated.err);
  REQUIRE(truncated.code == 0);
  CHECK_FALSE(truncated.fromCache);
  CHECK(truncated.err.find("is missing or damaged") != std::string::npos);
  CHECK(truncated.result == cold.result);
  // The run stored it again; now a byte of the entry changes.
  REQUIRE(simulate(w).fromCache);
  entries = w.cacheFiles(".entry");
  REQUIRE(entries.size() == 1);
  {
    std::fstream f(entries[0], std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(entries[0]) / 2));
    f.put('\x7f');
  }
  Run damaged = simulate(w);
  INFO(damaged.err);
  REQUIRE(damaged.code == 0);
  CHECK_FALSE(damaged.fromCache);
  CHECK(damaged.err.find("the entry is damaged") != std::string::npos);
  CHECK(damaged.result == cold.result);
  // An empty entry, too.
  w.write("cache/mocc/model/" + entries[0].filename().string(), "");
  Run empty = simulate(w);
  REQUIRE(empty.code == 0);
  CHECK_FALSE(empty.fromCache);
  CHECK(empty.result == cold.result);
}

TEST_CASE("model cache: --no-cache neither reads nor writes it") {
  Workspace w("nocache");
  Run first = simulate(w, "", true);
  INFO(first.err);
  REQUIRE(first.code == 0);
  CHECK_FALSE(first.stored);
  CHECK(w.cacheFiles(".entry").empty());
  REQUIRE(simulate(w).stored);
  Run again = simulate(w, "", true);
  CHECK_FALSE(again.fromCache);
  CHECK(again.result == first.result);
}

TEST_CASE("model cache: a cached model whose run fails is translated again, and -v says so once") {
  // The run from the cache fails; the compiler translates the model and
  // runs it again to name the failing equation. What is said is the
  // second run's only: not "from the cache", and the error once.
  Workspace w("fails");
  w.write("M.mo", "model M\n  Real x(start = 1, fixed = true);\nequation\n  der(x) = -x;\n"
                  "  assert(time < 0.5, \"time is up\");\n"
                  "  annotation(experiment(StopTime = 1));\nend M;\n");
  Run cold = simulate(w);
  INFO(cold.err);
  REQUIRE(cold.code == driver::ExitSimulationError);
  REQUIRE(cold.stored);
  Run warm = simulate(w);
  INFO(warm.err);
  CHECK(warm.code == driver::ExitSimulationError);
  CHECK_FALSE(warm.fromCache);
  size_t first = warm.err.find("time is up");
  REQUIRE(first != std::string::npos);
  CHECK(warm.err.find("time is up", first + 1) == std::string::npos);
  CHECK(w.cacheFiles(".entry").size() == 1);
}
