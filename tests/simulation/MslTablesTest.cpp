// The MSL's tables (CombiTimeTable, CombiTable1D: external objects and
// external C functions) with the MSL's own C sources, which mocc compiles
// itself from the MSL's build description (Resources/BuildProjects), with
// no step beyond pointing at the library. Skipped when MOCC_MSL does not
// point at a copy of the MSL 4.1.0.
#include "ResultFile.h"

#include "compiler/driver/Driver.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <doctest/doctest.h>
#include <filesystem>
#include <sstream>
#include <unistd.h>

using namespace mocc;
namespace fs = std::filesystem;

namespace {

test::ResultFile simulateWithTables(const std::string &model, bool &skipped) {
  const char *msl = std::getenv("MOCC_MSL");
  skipped = !msl;
  if (skipped) {
    MESSAGE("SKIPPED: MOCC_MSL is not set: " << model << " did not run");
    return {};
  }
  driver::CompileOptions options;
  options.libraries.push_back(msl);
  options.model = model;
  fs::path path = fs::temp_directory_path() / ("mocc_msl_tables_" + std::to_string(getpid()) + ".csv");
  driver::SimulateOptions sim{NAN, NAN, NAN, 0, NAN, path.string(), ""};
  std::ostringstream out, err;
  int code = driver::runSimulate(options, sim, out, err);
  INFO(err.str());
  REQUIRE(code == 0);
  test::ResultFile result = test::readResultFile(path.string());
  fs::remove(path);
  for (const auto &[name, column] : result.columns)
    CHECK_MESSAGE(std::all_of(column.begin(), column.end(), [](double x) { return std::isfinite(x); }),
                  name << " has a value that is not finite");
  return result;
}

void simulatesToStop(const std::string &model, double stopTime) {
  bool skipped = false;
  test::ResultFile result = simulateWithTables(model, skipped);
  if (!skipped)
    CHECK(result["time"].back() == doctest::Approx(stopTime));
}

} // namespace

TEST_CASE("MSL tables: BooleanTable switches at the table's times") {
  bool skipped = false;
  test::ResultFile result = simulateWithTables("Modelica.Blocks.Examples.BooleanNetwork1", skipped);
  if (skipped)
    return;
  // table = {2, 4, 6, 6.5, 7, 9, 11}, starting false.
  const auto &time = result["time"];
  const auto &y = result["booleanTable.y"];
  for (size_t i = 0; i < time.size(); ++i) {
    double t = time[i];
    int switches = 0;
    for (double s : {2.0, 4.0, 6.0, 6.5, 7.0, 9.0, 11.0})
      switches += t > s + 1e-9;
    bool atSwitch = false;
    for (double s : {2.0, 4.0, 6.0, 6.5, 7.0, 9.0, 11.0})
      atSwitch |= std::abs(t - s) < 1e-9;
    if (!atSwitch)
      CHECK_MESSAGE(y[i] == switches % 2, "at t = " << t);
  }
}

TEST_CASE("MSL tables: Interaction1 (radio buttons: two when-statements assign `on`)") {
  bool skipped = false;
  test::ResultFile result = simulateWithTables("Modelica.Blocks.Examples.Interaction1", skipped);
  if (skipped)
    return;
  // start is pressed at 1 and 3 and reset by stop, pressed at 2 and 4.
  const auto &time = result["time"];
  const auto &on = result["start.on"];
  for (size_t i = 0; i < time.size(); ++i) {
    double t = time[i];
    if (std::abs(t - std::round(t)) < 1e-6)
      continue; // at a switch
    bool expected = (t > 1 && t < 2) || (t > 3 && t < 4);
    CHECK_MESSAGE(on[i] == expected, "at t = " << t);
  }
}

TEST_CASE("MSL tables: LogicalNetwork1") { simulatesToStop("Modelica.Blocks.Examples.LogicalNetwork1", 10); }
TEST_CASE("MSL tables: ShowLogicalSources") { simulatesToStop("Modelica.Blocks.Examples.ShowLogicalSources", 10); }
TEST_CASE("MSL tables: CharacteristicThyristors") {
  simulatesToStop("Modelica.Electrical.Analog.Examples.CharacteristicThyristors", 6);
}
TEST_CASE("MSL tables: PlanarLoopWithMove (a CombiTimeTable drives a joint)") {
  simulatesToStop("ModelicaTest.MultiBody.PlanarLoopWithMove", 3);
}
TEST_CASE("MSL tables: GearType2 (bearing friction from a CombiTable1D)") {
  simulatesToStop("Modelica.Mechanics.MultiBody.Examples.Systems.RobotR3.Utilities.GearType2", 1);
}
