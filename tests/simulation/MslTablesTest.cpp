// The MSL's tables (CombiTimeTable, CombiTable1D: external objects and
// external C functions) with the MSL's own C sources: the test compiles
// ModelicaStandardTables.c (without file access) and ModelicaStrings.c into
// shared libraries in a temporary folder, as a tool vendor would build
// them, and mocc finds them through the library search path. Skipped when
// MOCC_MSL does not point at a copy of the MSL 4.1.0 or no C compiler (`cc`)
// is at hand.
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

/// The folder with the built libraries, or empty (with the reason) if
/// they cannot be built here.
std::string tableLibraries(std::string &why) {
  static std::string folder, reason;
  static bool built = false;
  if (built) {
    why = reason;
    return folder;
  }
  built = true;
  const char *msl = std::getenv("MOCC_MSL");
  if (!msl) {
    why = reason = "MOCC_MSL is not set";
    return "";
  }
  std::string sources = std::string(msl) + "/Modelica/Resources/C-Sources";
  fs::path out = fs::temp_directory_path() / ("mocc_msl_tables_" + std::to_string(getpid()));
  fs::create_directories(out);
  std::string common = "cc -O1 -fPIC -shared -DNDEBUG -DHAVE_UNISTD_H -DHAVE_STDARG_H -I\"" +
                       sources + "\" ";
  std::string tables = common + "-DNO_FILE_SYSTEM -DDUMMY_FUNCTION_USERTAB -DTABLE_SHARE=1 \"" +
                       sources + "/ModelicaStandardTables.c\" \"" + sources +
                       "/ModelicaStandardTablesUsertab.c\" -o \"" + out.string() +
                       "/libModelicaStandardTables.so\" 2>/dev/null";
  std::string strings = common + "\"" + sources + "/ModelicaStrings.c\" -o \"" + out.string() +
                        "/libModelicaExternalC.so\" 2>/dev/null";
  if (std::system(tables.c_str()) != 0 || std::system(strings.c_str()) != 0) {
    why = reason = "the MSL's C sources could not be compiled with `cc`";
    return "";
  }
  folder = out.string();
  return folder;
}

test::ResultFile simulateWithTables(const std::string &model, bool &skipped) {
  std::string why;
  std::string libraries = tableLibraries(why);
  skipped = libraries.empty();
  if (skipped) {
    MESSAGE("SKIPPED: " << why << ": " << model << " did not run");
    return {};
  }
  driver::CompileOptions options;
  options.libraries.push_back(std::getenv("MOCC_MSL"));
  options.libraryPath.push_back(libraries);
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
