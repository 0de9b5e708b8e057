// No silent wrong result (issues 19 and 23): call statements run for their
// effects, the event iteration is bounded, values that are not finite and
// subscripts out of bounds end the run. Each failure is exit code 3 with a
// message that names the cause, where it is in the source and the model
// time, and no result file is left behind.
#include "ResultFile.h"

#include "compiler/driver/Driver.h"

#include <cmath>
#include <doctest/doctest.h>
#include <filesystem>
#include <sstream>
#include <unistd.h>

using namespace mocc;
namespace fs = std::filesystem;

namespace {

struct Run {
  int code = -1;
  std::string err;
  test::ResultFile result;
  bool hasResult = false;
  bool leftovers = false; ///< a file of the run besides the result remains
};

Run run(const std::string &file, const std::string &model) {
  driver::CompileOptions options;
  options.files.push_back(std::string(MOCC_SIMULATION_MODELS) + "/reliability/" + file);
  options.model = model;
  fs::path dir = fs::temp_directory_path() / ("mocc_reliability_" + std::to_string(getpid()));
  fs::create_directories(dir);
  fs::path path = dir / "result.csv";
  driver::SimulateOptions sim{NAN, NAN, NAN, 0, NAN, path.string(), ""};
  std::ostringstream out, err;
  Run r;
  r.code = driver::runSimulate(options, sim, out, err);
  r.err = err.str();
  if (fs::exists(path)) {
    r.result = test::readResultFile(path.string());
    r.hasResult = true;
    fs::remove(path);
  }
  r.leftovers = !fs::is_empty(dir);
  fs::remove_all(dir);
  return r;
}

/// A run that fails with exit code 3, `message` in its error and no file.
void checkFailure(const Run &r, const std::string &message) {
  INFO(r.err);
  CHECK(r.code == 3);
  CHECK(r.err.find(message) != std::string::npos);
  CHECK_FALSE(r.hasResult);
  CHECK_FALSE(r.leftovers);
}

} // namespace

// --- Call statements ---------------------------------------------------------------------

TEST_CASE("a call statement in a model algorithm runs: the assert in the function fires") {
  checkFailure(run("CallStatements.mo", "CallStatements.InAlgorithm"),
               "simulation failed at time t = 0.5: assertion failed: x is too large: 0.5 (at "
               "CallStatements.mo:8:5 in `CallStatements.check`)");
}

TEST_CASE("a call equation runs like a call statement") {
  checkFailure(run("CallStatements.mo", "CallStatements.InEquation"),
               "simulation failed at time t = 0.5: assertion failed: x is too large: 0.5");
}

TEST_CASE("a call in a when-equation runs when the clause fires") {
  checkFailure(run("CallStatements.mo", "CallStatements.InWhenEquation"),
               "simulation failed at time t = 0.3: assertion failed: x is too large: 0.6");
}

TEST_CASE("a call in a when-statement sees the values assigned before it") {
  checkFailure(run("CallStatements.mo", "CallStatements.InWhenStatement"),
               "simulation failed at time t = 0.3: assertion failed: x is too large: 0.6");
}

TEST_CASE("a call statement inside a function runs where the function is called") {
  checkFailure(run("CallStatements.mo", "CallStatements.InFunction"),
               "simulation failed at time t = 0.5: assertion failed: x is too large: 0.5");
}

TEST_CASE("a function with an assert is compiled, not inlined without it") {
  checkFailure(run("CallStatements.mo", "CallStatements.InInlinedFunction"),
               "simulation failed at time t = 0.5: assertion failed: x is too large for "
               "inlined: 0.5 (at CallStatements.mo:29:5 in `CallStatements.inlined`)");
}

TEST_CASE("a call in an initial algorithm runs at initialization") {
  checkFailure(run("CallStatements.mo", "CallStatements.InitialAlgorithm"),
               "simulation failed at time t = 0: assertion failed: x is too large: 0.7");
}

TEST_CASE("a function of asserts only takes a message built at run time") {
  checkFailure(run("CallStatements.mo", "CallStatements.MessageBuiltAtRunTime"),
               "simulation failed at time t = 0.25: assertion failed: x = 0.25 passed 0.25 (at "
               "CallStatements.mo:85:7)");
  checkFailure(run("CallStatements.mo", "CallStatements.MessageInFunction"),
               "assertion failed: x = 0.502 passed 0.5 (at CallStatements.mo:94:7 in "
               "`CallStatements.failAbove`)");
}

TEST_CASE("a call inside an if-statement runs only where its condition holds") {
  Run r = run("CallStatements.mo", "CallStatements.Guarded");
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(r.hasResult);
}

// --- Subscripts computed at run time -------------------------------------------------------

TEST_CASE("a subscript out of bounds in an equation ends the run") {
  checkFailure(run("Subscripts.mo", "Subscripts.OutOfBounds"),
               "simulation failed at time t = 0.3: index 4 out of bounds for `x` of size 3 (at "
               "Subscripts.mo:11:9)");
}

TEST_CASE("each subscript of a matrix is checked against its own dimension") {
  checkFailure(run("Subscripts.mo", "Subscripts.OutOfBoundsInRow"),
               "simulation failed at time t = 0.3: index [1, 4] out of bounds for `x` of size "
               "[3, 3] (at Subscripts.mo:22:9)");
}

TEST_CASE("a subscript within bounds selects its element") {
  Run r = run("Subscripts.mo", "Subscripts.InBounds");
  INFO(r.err);
  REQUIRE(r.code == 0);
  const auto &t = r.result["time"];
  const auto &y = r.result["y"];
  const auto &i = r.result["i"];
  for (size_t k = 0; k < t.size(); ++k)
    CHECK(y[k] == doctest::Approx(i[k] * t[k]));
}

// --- The event iteration ------------------------------------------------------------------

TEST_CASE("an event iteration that never settles ends the run at initialization") {
  checkFailure(run("EventIteration.mo", "EventIteration.FlipAtStart"),
               "simulation failed at time t = 0: the initial event iteration did not converge "
               "after 100 rounds; still changing: `b`");
}

TEST_CASE("an event iteration that never settles ends the run at a later event") {
  checkFailure(run("EventIteration.mo", "EventIteration.FlipLater"),
               "simulation failed at time t = 0.5: the event iteration did not converge after "
               "100 rounds; still changing: `n`");
}

// --- Values that are not finite -------------------------------------------------------------

TEST_CASE("a NaN from the start ends the run at t = 0, naming the equation") {
  checkFailure(run("NonFinite.mo", "NonFinite.SqrtAtStart"),
               "simulation failed at time t = 0: `z` is NaN: square root of a negative number: "
               "`sqrt(time - 0.5)` with `time - 0.5` = -0.5 (at NonFinite.mo:4:14)");
}

TEST_CASE("a NaN that appears later ends the run at the first row after it") {
  checkFailure(run("NonFinite.mo", "NonFinite.SqrtLater"),
               "simulation failed at time t = 0.502: `z` is NaN: square root of a negative number: "
               "`sqrt(0.5 - time)`");
}

TEST_CASE("the logarithm of a state that becomes negative ends the run") {
  checkFailure(run("NonFinite.mo", "NonFinite.LogOfState"),
               "simulation failed at time t = 0.5: `y` is NaN: logarithm of a negative number: "
               "`log(x)` with `x` = ");
}

TEST_CASE("a division by zero in an equation ends the run") {
  checkFailure(run("NonFinite.mo", "NonFinite.DivisionByZero"),
               "simulation failed at time t = 0.5: `y` is inf: division by zero: `1 / x` with `x` "
               "= 0 (at NonFinite.mo:22:5)");
}

TEST_CASE("a NaN in a residual that persists ends the run, naming the equation") {
  checkFailure(run("NonFinite.mo", "NonFinite.InResidual"),
               "simulation failed at time t = 0.5: the residual of the equation at "
               "NonFinite.mo:28:5 is NaN: square root of a negative number: `sqrt(0.5 - time)`");
}

TEST_CASE("a NaN assigned at an event ends the run at the event") {
  checkFailure(run("NonFinite.mo", "NonFinite.InWhen"),
               "simulation failed at time t = 0.3: `y` is NaN: logarithm of a negative number: "
               "`log(0.2 - x)` with `0.2 - x` = ");
}

TEST_CASE("a branch not taken may have no value") {
  Run r = run("NonFinite.mo", "NonFinite.TrialPoints");
  INFO(r.err);
  REQUIRE(r.code == 0);
  for (const auto &[name, column] : r.result.columns)
    for (double x : column)
      CHECK(std::isfinite(x));
}

TEST_CASE("a parameter bound to a free one is first computed from its start value") {
  // e = unit(n) with an assert that n is not zero; n (fixed = false) is
  // found by initialization, {0, 2, 0}: x = t.
  Run r = run("FreeParameter.mo", "FreeParameter");
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.result["x"].back() == doctest::Approx(1.0));
}

// --- Asserts at trial points of a nonlinear solve ---------------------------------------

TEST_CASE("an assert at a point Newton's method tries shortens the step; at the solution it fails the run") {
  // From x = -3, Newton's first step on atan(x) = 1 goes to 19.49, where the
  // function's assert fails: that point is rejected, not the run.
  Run ok = run("AssertInNewton.mo", "AssertInNewton.Converges");
  INFO(ok.err);
  REQUIRE(ok.code == 0);
  REQUIRE(ok.hasResult);
  for (double x : ok.result["x"])
    CHECK(x == doctest::Approx(std::tan(1.0)).epsilon(1e-9));
  // atan(x) = 1.5 has its solution at 14.1: there the assert holds no more.
  checkFailure(run("AssertInNewton.mo", "AssertInNewton.AssertAtSolution"),
               "simulation failed at time t = 0: assertion failed: g is not defined at x = ");
}
