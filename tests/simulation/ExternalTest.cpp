// External C functions and external objects end to end (MLS 12.9): the
// models of models/ExtTable.mo call the C library external/ExtTable.c,
// which CMake builds as a shared library and as a static archive. The
// results are checked against the tables' values; the table objects must be
// destroyed after the run, also after one that a signal stopped;
// ModelicaError is a run-time failure and a C function found nowhere an
// error at its external clause.
#include "ResultFile.h"

#include "compiler/driver/Driver.h"
#include "runtime/Signals.h"

#include <chrono>
#include <cmath>
#include <csignal>
#include <doctest/doctest.h>
#include <filesystem>
#include <sstream>
#include <thread>
#include <unistd.h>

using namespace mocc;
namespace fs = std::filesystem;

namespace {

const std::string kModels = MOCC_SIMULATION_MODELS "/ExtTable.mo";

struct Run {
  int code = 0;
  std::string err;
  test::ResultFile result;
};

Run simulate(const std::string &model, const std::string &libraryDir) {
  driver::CompileOptions options;
  options.files.push_back(kModels);
  options.model = model;
  if (!libraryDir.empty())
    options.libraryPath.push_back(libraryDir);
  fs::path path = fs::temp_directory_path() / ("mocc_ext_" + std::to_string(getpid()) + ".csv");
  driver::SimulateOptions sim{NAN, NAN, NAN, 0, NAN, path.string(), ""};
  std::ostringstream out, err;
  Run run;
  run.code = driver::runSimulate(options, sim, out, err);
  run.err = err.str();
  if (run.code == 0) {
    run.result = test::readResultFile(path.string());
    fs::remove(path);
  }
  return run;
}

/// The piecewise linear table of `ramp`: (0, 0), (0.5, 1), (1, 3).
double ramp(double t) { return t <= 0.5 ? 2 * t : 1 + 4 * (t - 0.5); }

void checkTables(const std::string &libraryDir) {
  Run run = simulate("ExtTable.Tables", libraryDir);
  INFO(run.err);
  REQUIRE(run.code == 0);
  const auto &time = run.result["time"];
  REQUIRE(time.back() == doctest::Approx(1.0));
  for (size_t i = 0; i < time.size(); ++i) {
    double t = time[i];
    CHECK(run.result["y"][i] == doctest::Approx(ramp(t)).epsilon(1e-12));
    CHECK(run.result["w"][i] == doctest::Approx(ramp(t) + 1).epsilon(1e-12));
    CHECK(run.result["z[1]"][i] == doctest::Approx(2 * t));
    CHECK(run.result["z[2]"][i] == doctest::Approx(4 * t));
    CHECK(run.result["z[3]"][i] == doctest::Approx(2));
    CHECK(run.result["m"][i] == 3);
  }
  // x = integral of the ramp: 0.25 at 0.5, 0.25 + 1 at 1.
  CHECK(run.result["x"].back() == doctest::Approx(1.25).epsilon(1e-5));
}

} // namespace

TEST_CASE("external functions and objects from a shared library") {
  checkTables(MOCC_EXTTABLE_SHARED);
}

TEST_CASE("external functions and objects from a static archive") {
  checkTables(MOCC_EXTTABLE_STATIC);
}

/// The shared library's count of live tables, as `mocc eval` reads it: the
/// library stays loaded in this process, so the count is the one the
/// models see.
static std::string liveTables() {
  driver::CompileOptions options;
  options.files.push_back(kModels);
  options.libraryPath.push_back(MOCC_EXTTABLE_SHARED);
  std::ostringstream out, err;
  REQUIRE(driver::runEval("ExtTable.live()", options, out, err) == 0);
  return out.str();
}

TEST_CASE("external objects are destroyed after the run") {
  checkTables(MOCC_EXTTABLE_SHARED);
  CHECK(liveTables() == "0\n");
}

TEST_CASE("where the process ends with the command, its external objects are still destroyed") {
  // The command-line tool leaves the instance tree, the flat model and the
  // plan to the end of the process (driver::setProcessEndsWithCommand); the
  // run still destroys the model's external objects when it ends.
  driver::setProcessEndsWithCommand(true);
  checkTables(MOCC_EXTTABLE_SHARED);
  driver::setProcessEndsWithCommand(false);
  CHECK(liveTables() == "0\n");
}

TEST_CASE("a run that SIGINT stops still destroys its external objects") {
  rt::installSignalHandlers();
  fs::path path = fs::temp_directory_path() / ("mocc_ext_busy_" + std::to_string(getpid()) + ".csv");
  // SIGINT to this process once the simulation has opened its result file.
  std::thread interrupter([&] {
    for (int i = 0; i < 60000; ++i) {
      for (const auto &entry : fs::directory_iterator(path.parent_path()))
        if (entry.path().filename().string().rfind(path.filename().string() + ".tmp", 0) == 0) {
          kill(getpid(), SIGINT);
          return;
        }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  });
  driver::CompileOptions options;
  options.files.push_back(kModels);
  options.model = "ExtTable.Busy";
  options.libraryPath.push_back(MOCC_EXTTABLE_SHARED);
  driver::SimulateOptions sim{NAN, NAN, NAN, 0, NAN, path.string(), ""};
  std::ostringstream out, err;
  int code = driver::runSimulate(options, sim, out, err);
  interrupter.join();
  INFO(err.str());
  CHECK(code == 128 + SIGINT);
  CHECK(err.str().find("mocc: interrupted at model time t = ") != std::string::npos);
  CHECK_FALSE(fs::exists(path));
  std::ostringstream liveOut, liveErr;
  REQUIRE(driver::runEval("ExtTable.live()", options, liveOut, liveErr) == 0);
  CHECK(liveOut.str() == "0\n");
}

TEST_CASE("the Jacobian calls the derivative of an external function") {
  Run run = simulate("ExtTable.Feedback", MOCC_EXTTABLE_SHARED);
  INFO(run.err);
  REQUIRE(run.code == 0);
  const auto &time = run.result["time"];
  for (size_t i = 0; i < time.size(); ++i) // x = (1 - exp(-2 t)) / 2
    CHECK(run.result["x"][i] == doctest::Approx((1 - std::exp(-2 * time[i])) / 2).epsilon(1e-4));
}

TEST_CASE("without a derivative annotation the Jacobian takes finite differences") {
  Run run = simulate("ExtTable.NoDerivative", MOCC_EXTTABLE_SHARED);
  INFO(run.err);
  REQUIRE(run.code == 0);
  const auto &time = run.result["time"];
  for (size_t i = 0; i < time.size(); ++i)
    CHECK(run.result["x"][i] == doctest::Approx((1 - std::exp(-2 * time[i])) / 2).epsilon(1e-4));
}

TEST_CASE("mocc eval calls external functions with Strings and Boolean arrays") {
  driver::CompileOptions options;
  options.files.push_back(kModels);
  options.libraryPath.push_back(MOCC_EXTTABLE_STATIC);
  std::ostringstream out, err;
  INFO(err.str());
  REQUIRE(driver::runEval("ExtTable.count(\"abcd\", {true, false, true})", options, out, err) == 0);
  CHECK(out.str() == "6\n");
}

TEST_CASE("ModelicaError in an external function is a run-time failure") {
  Run run = simulate("ExtTable.Failing", MOCC_EXTTABLE_SHARED);
  CHECK(run.code == 3);
  CHECK(run.err.find("simulation failed at time t = 0.5") != std::string::npos);
  CHECK(run.err.find("x = 0.5") != std::string::npos);
  CHECK(run.err.find("is too large") != std::string::npos);
  // The report names the external function and where its clause is.
  CHECK(run.err.find("(at ExtTable.mo:53:3 in external function `ExtTable.checked`)") !=
        std::string::npos);
}

TEST_CASE("a C function found nowhere is an error at its external clause") {
  Run run = simulate("ExtTable.Missing", MOCC_EXTTABLE_SHARED);
  CHECK(run.code == 1);
  CHECK(run.err.find("ExtTable.mo:58:3: error: the C function `ExtTable_noSuchFunction` of the "
                     "external function `ExtTable.missing` was not found") != std::string::npos);
}

TEST_CASE("a library found nowhere is named in the error") {
  Run run = simulate("ExtTable.Missing", "");
  CHECK(run.code == 1);
  CHECK(run.err.find("(not found: libmocc_exttable.so/.a in ") != std::string::npos);
  CHECK(run.err.find("/Resources/Library/linux64; no build description names it") != std::string::npos);
}

namespace {

/// `ExtTable.<expression>` evaluated in this process, which shares the
/// shared library's state with the models run before.
double evalNumber(const std::string &expression) {
  driver::CompileOptions options;
  options.files.push_back(kModels);
  options.libraryPath.push_back(MOCC_EXTTABLE_SHARED);
  std::ostringstream out, err;
  INFO(err.str());
  REQUIRE(driver::runEval("ExtTable." + expression, options, out, err) == 0);
  return std::stod(out.str());
}

} // namespace

TEST_CASE("a function without outputs called in when-clauses runs once per event") {
  double before = evalNumber("logCount()");
  Run run = simulate("ExtTable.Logger", MOCC_EXTTABLE_SHARED);
  INFO(run.err);
  REQUIRE(run.code == 0);
  // Initialization: the initial algorithm, then `when initial()`; the
  // samples at 0.1, 0.35, 0.6, 0.85; x > 0.5 at t = 0.5 (its if-statement
  // takes the else branch); terminal() at the stop time.
  std::vector<double> expected{-1, -2, 0.1, 0.35, 100, 0.6, 0.85, 1000};
  double count = evalNumber("logCount()") - before;
  REQUIRE(count == static_cast<double>(expected.size()));
  for (size_t i = 0; i < expected.size(); ++i) {
    double value = evalNumber("logged(" + std::to_string(static_cast<int>(before) + 1 + i) + ")");
    CHECK(value == doctest::Approx(expected[i]).epsilon(1e-9));
  }
}

TEST_CASE("an impure function called outside when-clauses is an error") {
  Run run = simulate("ExtTable.ImpureOutsideWhen", MOCC_EXTTABLE_SHARED);
  CHECK(run.code == 1);
  CHECK(run.err.find("ExtTable.mo:149:5: error: the impure function `logValue` may only be "
                     "called inside a when-statement") != std::string::npos);
}
