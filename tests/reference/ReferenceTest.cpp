// The six MSL reference models of ../shared/reference/msl-4.1.0, simulated
// with the bundled stdlib (and with the real MSL when MOCC_MSL points at
// it) and compared with the published reference results by the tube rule
// of MSL regression testing. The reference folder is found at
// MOCC_REFERENCE (an environment variable) or next to the repository; when
// it is missing the tests say so and pass.
#include "compiler/driver/Driver.h"

#include <cmath>
#include <cstdlib>
#include <doctest/doctest.h>
#include <filesystem>
#include <sstream>
#include <unistd.h>

using namespace mocc;
namespace fs = std::filesystem;

namespace {

fs::path referenceDir() {
  if (const char *env = std::getenv("MOCC_REFERENCE"))
    return env;
  return MOCC_REFERENCE_DIR;
}

/// Simulates `model` and compares it with its reference; "" if it passes.
void simulateAndCompare(const std::string &model, const std::string &library) {
  fs::path dir = referenceDir() / model;
  if (!fs::exists(dir)) {
    MESSAGE("no reference at " << dir.string() << ": skipped (set MOCC_REFERENCE)");
    return;
  }
  std::string name = model.substr(model.rfind('.') + 1);
  fs::path out = fs::temp_directory_path() / ("mocc_ref_" + std::to_string(getpid()) + "_" + name + ".csv");
  driver::CompileOptions options;
  options.model = model;
  if (!library.empty())
    options.libraries.push_back(library);
  driver::SimulateOptions sim{NAN, NAN, NAN, 0, NAN, out.string(), ""};
  std::ostringstream stdoutText, stderrText;
  int code = driver::runSimulate(options, sim, stdoutText, stderrText);
  INFO(stderrText.str());
  REQUIRE(code == 0);
  std::ostringstream report, errors;
  code = driver::runCompare(out.string(), (dir / (name + ".csv")).string(),
                            (dir / "comparisonSignals.txt").string(), 0.002, report, errors);
  fs::remove(out);
  INFO(report.str());
  INFO(errors.str());
  CHECK(code == 0);
}

void checkModel(const std::string &model) {
  SUBCASE("bundled stdlib") { simulateAndCompare(model, ""); }
  SUBCASE("Modelica Standard Library") {
    if (const char *msl = std::getenv("MOCC_MSL"))
      simulateAndCompare(model, msl);
    else
      MESSAGE("MOCC_MSL is not set: the run with the MSL is skipped");
  }
}

} // namespace

TEST_CASE("Modelica.Mechanics.MultiBody.Examples.Elementary.Pendulum") {
  checkModel("Modelica.Mechanics.MultiBody.Examples.Elementary.Pendulum");
}
TEST_CASE("Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulum") {
  checkModel("Modelica.Mechanics.MultiBody.Examples.Elementary.DoublePendulum");
}
TEST_CASE("ModelicaTest.MultiBody.Sensors.Distance") {
  checkModel("ModelicaTest.MultiBody.Sensors.Distance");
}
TEST_CASE("ModelicaTest.MultiBody.Sensors.Distance2") {
  checkModel("ModelicaTest.MultiBody.Sensors.Distance2");
}
TEST_CASE("ModelicaTest.MultiBody.Sensors.AbsoluteSensor") {
  checkModel("ModelicaTest.MultiBody.Sensors.AbsoluteSensor");
}
TEST_CASE("ModelicaTest.MultiBody.Sensors.AbsoluteSensor2") {
  checkModel("ModelicaTest.MultiBody.Sensors.AbsoluteSensor2");
}
