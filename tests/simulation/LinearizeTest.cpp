// `mocc linearize` against hand-derived matrices: a mass-spring-damper with
// an input force (A, B, C, D in closed form), a spring whose elongation
// solves a nonlinear algebraic loop (the implicit function's derivative),
// the operating point at a later time (`--at`), and the linear model written
// as Modelica source that mocc itself then checks.
#include "compiler/driver/Driver.h"

#include <algorithm>
#include <cmath>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unistd.h>

using namespace mocc;
namespace fs = std::filesystem;

namespace {

/// What `mocc linearize` printed, parsed.
struct Linearization {
  int code = -1;
  std::string out, err;
  std::map<std::string, std::vector<std::string>> names; ///< states, inputs, outputs
  std::map<std::string, std::vector<std::vector<double>>> matrices; ///< A, B, C, D, x0 as a row
  /// Entry (row, column) of matrix `m` by the names of its row and column.
  double at(const std::string &m, const std::string &row, const std::string &column) const {
    static const std::map<std::string, std::pair<std::string, std::string>> kinds = {
        {"A", {"states", "states"}},
        {"B", {"states", "inputs"}},
        {"C", {"outputs", "states"}},
        {"D", {"outputs", "inputs"}}};
    auto [rowKind, columnKind] = kinds.at(m);
    auto index = [&](const std::string &kind, const std::string &name) {
      const auto &list = names.at(kind);
      auto it = std::find(list.begin(), list.end(), name);
      REQUIRE_MESSAGE(it != list.end(), name << " is not among the " << kind);
      return static_cast<std::size_t>(it - list.begin());
    };
    return matrices.at(m).at(index(rowKind, row)).at(index(columnKind, column));
  }
  double value(const std::string &vector, const std::string &name) const {
    std::string kind = vector == "x0" ? "states" : vector == "u0" ? "inputs" : "outputs";
    const auto &list = names.at(kind);
    auto it = std::find(list.begin(), list.end(), name);
    REQUIRE(it != list.end());
    return matrices.at(vector).at(0).at(static_cast<std::size_t>(it - list.begin()));
  }
};

std::vector<std::string> splitList(const std::string &text, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, separator)) {
    part.erase(0, part.find_first_not_of(' '));
    part.erase(part.find_last_not_of(' ') + 1);
    if (!part.empty())
      parts.push_back(part);
  }
  return parts;
}

Linearization linearize(const std::string &file, driver::LinearizeOptions options = {}) {
  driver::CompileOptions compile;
  compile.files.push_back(std::string(MOCC_SIMULATION_MODELS) + "/linearize/" + file);
  std::ostringstream out, err;
  Linearization l;
  l.code = driver::runLinearize(compile, options, out, err);
  l.out = out.str();
  l.err = err.str();
  std::istringstream lines(l.out);
  std::string line;
  while (std::getline(lines, line)) {
    for (const char *kind : {"states", "inputs", "outputs"})
      if (line.starts_with(std::string(kind) + " ("))
        l.names[kind] = splitList(line.substr(line.find(':') + 1), ',');
    std::size_t eq = line.find(" = ");
    if (eq == std::string::npos || line.starts_with("linearization"))
      continue;
    std::string name = line.substr(0, eq), value = line.substr(eq + 3);
    std::vector<std::vector<double>> rows;
    if (value.starts_with("{") || value.starts_with("[")) {
      for (const std::string &row : splitList(value.substr(1, value.size() - 2), ';')) {
        rows.emplace_back();
        for (const std::string &x : splitList(row, ','))
          rows.back().push_back(std::stod(x));
      }
    }
    l.matrices[name] = rows;
  }
  return l;
}

} // namespace

TEST_CASE("linearize: a mass-spring-damper with an input force gives the hand-derived A, B, C, D") {
  Linearization l = linearize("MassSpringDamper.mo");
  INFO(l.out << l.err);
  REQUIRE(l.code == 0);
  CHECK(l.names["inputs"] == std::vector<std::string>{"F"});
  CHECK(l.names["outputs"] == std::vector<std::string>{"position", "acceleration", "sensed"});
  REQUIRE(l.names["states"].size() == 2);
  const double m = 3, c = 7, d = 0.4, tolerance = 1e-10;
  // der(x) = v; der(v) = (F - c x - d v) / m.
  CHECK(std::fabs(l.at("A", "x", "x") - 0) <= tolerance);
  CHECK(std::fabs(l.at("A", "x", "v") - 1) <= tolerance);
  CHECK(std::fabs(l.at("A", "v", "x") - -c / m) <= tolerance);
  CHECK(std::fabs(l.at("A", "v", "v") - -d / m) <= tolerance);
  CHECK(std::fabs(l.at("B", "x", "F") - 0) <= tolerance);
  CHECK(std::fabs(l.at("B", "v", "F") - 1 / m) <= tolerance);
  // position = x; acceleration = der(v); sensed = 2 F + x.
  CHECK(std::fabs(l.at("C", "position", "x") - 1) <= tolerance);
  CHECK(std::fabs(l.at("C", "position", "v") - 0) <= tolerance);
  CHECK(std::fabs(l.at("C", "acceleration", "x") - -c / m) <= tolerance);
  CHECK(std::fabs(l.at("C", "acceleration", "v") - -d / m) <= tolerance);
  CHECK(std::fabs(l.at("C", "sensed", "x") - 1) <= tolerance);
  CHECK(std::fabs(l.at("C", "sensed", "v") - 0) <= tolerance);
  CHECK(std::fabs(l.at("D", "position", "F") - 0) <= tolerance);
  CHECK(std::fabs(l.at("D", "acceleration", "F") - 1 / m) <= tolerance);
  CHECK(std::fabs(l.at("D", "sensed", "F") - 2) <= tolerance);
  // The point: the start values, the input's default 0.
  CHECK(l.value("x0", "x") == 0.5);
  CHECK(l.value("x0", "v") == -1);
  CHECK(l.value("u0", "F") == 0);
  CHECK(std::fabs(l.value("y0", "acceleration") - (-c * 0.5 + d) / m) <= tolerance);
}

TEST_CASE("linearize: the derivative of an algebraic loop's solution, at the start and at a later time") {
  for (double at : {static_cast<double>(NAN), 1.0}) {
    CAPTURE(at);
    driver::LinearizeOptions options;
    options.at = at;
    Linearization l = linearize("NonlinearSpring.mo", options);
    INFO(l.out << l.err);
    REQUIRE(l.code == 0);
    // z + 0.5 sin z = x: dz/dx = 1 / (1 + 0.5 cos z), at the z of the point.
    double x = l.value("x0", "x");
    double z = x;
    for (int i = 0; i < 60; ++i)
      z -= (z + 0.5 * std::sin(z) - x) / (1 + 0.5 * std::cos(z));
    if (std::isnan(at))
      CHECK(x == 0.3);
    else
      CHECK(x != 0.3); // it moved
    double g = 1 / (1 + 0.5 * std::cos(z)), m = 3, c = 7, d = 0.4, tolerance = 1e-10;
    // After a run, z holds the loop's equation to the solver's tolerance.
    CHECK(std::fabs(l.value("y0", "y") - z) <= (std::isnan(at) ? tolerance : 1e-8));
    CHECK(std::fabs(l.at("A", "x", "v") - 1) <= tolerance);
    CHECK(std::fabs(l.at("A", "v", "x") - -c * g / m) <= tolerance);
    CHECK(std::fabs(l.at("A", "v", "v") - -d / m) <= tolerance);
    CHECK(std::fabs(l.at("B", "v", "F") - 1 / m) <= tolerance);
    CHECK(std::fabs(l.at("C", "y", "x") - g) <= tolerance);
    CHECK(std::fabs(l.at("C", "y", "v")) <= tolerance);
    CHECK(std::fabs(l.at("D", "y", "F")) <= tolerance);
  }
}

TEST_CASE("linearize -o writes the linear model as Modelica that mocc checks and simulates") {
  fs::path dir = fs::temp_directory_path() / ("mocc_linearize_" + std::to_string(getpid()));
  fs::create_directories(dir);
  driver::LinearizeOptions options;
  options.output = (dir / "lin.mo").string();
  Linearization l = linearize("MassSpringDamper.mo", options);
  INFO(l.out << l.err);
  REQUIRE(l.code == 0);
  std::ifstream in(options.output);
  std::string source((std::istreambuf_iterator<char>(in)), {});
  CHECK(source.find("model linearized_model") != std::string::npos);
  CHECK(source.find("der(x) = dx0 + A * (x - x0) + B * (u - u0);") != std::string::npos);
  driver::CompileOptions compile;
  compile.files.push_back(options.output);
  std::ostringstream out, err;
  CHECK(driver::runCheck(compile, out, err) == 0);
  CHECK(out.str() == "Class linearized_model has 5 equation(s) and 5 variable(s).\n");
  CHECK(err.str().empty());
  // Linearizing the linear model gives its matrices back.
  driver::CompileOptions again;
  again.files.push_back(options.output);
  std::ostringstream out2, err2;
  REQUIRE(driver::runLinearize(again, {}, out2, err2) == 0);
  INFO(out2.str());
  bool same = out2.str().find("A = [0, 1; -2.3333333333333335, -0.13333333333333333]") !=
                  std::string::npos ||
              out2.str().find("A = [-0.13333333333333333, -2.3333333333333335; 1, 0]") !=
                  std::string::npos;
  CHECK(same);
  fs::remove_all(dir);
}

TEST_CASE("linearize: a time before the start time is a usage error") {
  driver::LinearizeOptions options;
  options.at = -1;
  Linearization l = linearize("MassSpringDamper.mo", options);
  CHECK(l.code == 2);
  CHECK(l.err.find("before the start time") != std::string::npos);
}
