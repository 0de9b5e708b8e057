// Inputs nested or chained as deeply as legal Modelica allows, generated
// here: each compiles (on the compiler's stack, as the command line runs
// it) to the right value; and input nested more deeply than a thread's
// stack allows ends in "... nests too deeply" at its source, never in a
// stack overflow. Before, each of these was a SIGSEGV.
#include "compiler/driver/Driver.h"
#include "compiler/support/Stack.h"

#include <cmath>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace mocc;
namespace fs = std::filesystem;

namespace {

struct Output {
  int code = -1;
  std::string out, err;
};

/// A folder of the test's own for the generated models, removed at exit.
struct TempDir {
  fs::path path = fs::temp_directory_path() / ("mocc_depth_" + std::to_string(getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

/// Writes a generated model into the test's folder.
std::string writeModel(const std::string &name, const std::string &text) {
  static TempDir dir;
  fs::path file = dir.path / name;
  std::ofstream(file) << text;
  return file.string();
}

/// Runs a command of the driver on a thread with a stack of `stack` bytes.
Output run(size_t stack,
           const std::function<int(std::ostream &, std::ostream &)> &command) {
  Output o;
  std::ostringstream out, err;
  o.code = runWithStack(stack, [&] { return command(out, err); });
  o.out = out.str();
  o.err = err.str();
  return o;
}

Output check(const std::string &file, const std::string &model = "",
             size_t stack = compilerStackBytes()) {
  driver::CompileOptions options;
  options.files = {file};
  options.model = model;
  return run(stack, [&](std::ostream &out, std::ostream &err) {
    return driver::runCheck(options, out, err);
  });
}

Output eval(const std::string &expression, const std::string &file = "") {
  driver::CompileOptions options;
  if (!file.empty())
    options.files = {file};
  return run(compilerStackBytes(), [&](std::ostream &out, std::ostream &err) {
    return driver::runEval(expression, options, out, err);
  });
}

/// Simulates to t = 1 and returns the last line of the result file.
std::string simulateLastRow(const std::string &file, const std::string &model = "",
                            const std::string &vars = "") {
  driver::CompileOptions options;
  options.files = {file};
  options.model = model;
  std::string csv = file + ".csv";
  driver::SimulateOptions sim{0, 1, NAN, 1, NAN, csv, ""};
  sim.vars = vars;
  Output o = run(compilerStackBytes(), [&](std::ostream &out, std::ostream &err) {
    return driver::runSimulate(options, sim, out, err);
  });
  INFO(o.err);
  REQUIRE(o.code == 0);
  std::ifstream in(csv);
  std::string line, last;
  while (std::getline(in, line))
    last = line;
  return last;
}

/// `x*1e-10 + x*2e-10 + ...`, n terms.
std::string sumOfTerms(const std::string &x, int n) {
  std::string sum;
  for (int k = 1; k <= n; ++k)
    sum += (k > 1 ? " + " : "") + x + "*" + std::to_string(k) + "e-10";
  return sum;
}

/// A package of n constants, each defined by the one before.
std::string chainedConstants(int n) {
  std::string text = "package C\n  constant Real c0 = 1;\n";
  for (int i = 1; i < n; ++i)
    text += "  constant Real c" + std::to_string(i) + " = c" + std::to_string(i - 1) + " + 1;\n";
  text += "  model M\n    Real x = c" + std::to_string(n - 1) + " * time;\n  end M;\nend C;\n";
  return text;
}

} // namespace

TEST_CASE("a sum of 7,000 terms simulates") {
  // der(x) = -S x with S the sum of the coefficients: x(1) = exp(-S).
  std::string file = writeModel("Sum.mo", "model Sum\n  Real x(start = 1, fixed = true);\n"
                                          "equation\n  der(x) = -(" + sumOfTerms("x", 7000) +
                                              ");\nend Sum;\n");
  std::string last = simulateLastRow(file);
  double s = 1e-10 * 7000.0 * 7001.0 / 2.0;
  double x = std::stod(last.substr(last.find(',') + 1));
  CHECK(x == doctest::Approx(std::exp(-s)).epsilon(1e-5));
}

TEST_CASE("a sum of 200,000 terms is checked") {
  std::string file = writeModel("LongSum.mo", "model LongSum\n  Real y;\nequation\n  y = " +
                                                  sumOfTerms("time", 200000) + ";\nend LongSum;\n");
  Output o = check(file);
  INFO(o.err);
  CHECK(o.code == 0);
  CHECK(o.out == "Class LongSum has 1 equation(s) and 1 variable(s).\n");
}

TEST_CASE("8,000 summed array literals evaluate") {
  std::string sum;
  for (int k = 0; k < 8000; ++k)
    sum += (k ? " + " : "") + std::string("{1, 2}");
  Output o = eval(sum);
  INFO(o.err);
  CHECK(o.code == 0);
  CHECK(o.out == "{8000, 16000}\n");
}

TEST_CASE("3,000 chained package constants") {
  std::string file = writeModel("Constants.mo", chainedConstants(3000));
  Output o = eval("C.c2999", file);
  INFO(o.err);
  CHECK(o.out == "3000\n");
  CHECK(check(file, "C.M").code == 0);
}

TEST_CASE("2,000 functions each calling the next, and 1,900 nested calls") {
  std::string text = "package G\n";
  for (int i = 0; i < 2000; ++i)
    text += "  function f" + std::to_string(i) + "\n    input Real x;\n    output Real y;\n"
            "  algorithm\n    y := " +
            (i + 1 < 2000 ? "f" + std::to_string(i + 1) + "(x) + 1" : std::string("x")) +
            ";\n  end f" + std::to_string(i) + ";\n";
  text += "end G;\n";
  std::string file = writeModel("Chain.mo", text);
  Output o = eval("G.f0(1)", file);
  INFO(o.err);
  CHECK(o.out == "2000\n");
  std::string nested = "1";
  for (int i = 0; i < 1900; ++i)
    nested = "G.f1999(" + nested + ")";
  o = eval(nested, file);
  CHECK(o.out == "1\n");
}

TEST_CASE("20,000 parameters declared before those they depend on") {
  std::string text = "model Reverse\n";
  for (int i = 1; i < 20000; ++i)
    text += "  parameter Real p" + std::to_string(i) + " = p" + std::to_string(i + 1) + ";\n";
  text += "  parameter Real p20000 = 2;\n  Real x[if p1 > 1 then 1 else 3];\n"
          "  Real y = p1 * time;\nequation\n  x = fill(y, size(x, 1));\nend Reverse;\n";
  std::string file = writeModel("Reverse.mo", text);
  Output o = check(file);
  INFO(o.err);
  CHECK(o.out == "Class Reverse has 2 equation(s) and 2 variable(s).\n");
  // Results hold the parameters too: the variables only.
  CHECK(simulateLastRow(file, "", "x[*],y") == "1,2,2");
}

TEST_CASE("nesting beyond the stack is a diagnostic at its source") {
  // 20,000 chained constants on a thread of 32 MiB (the check leaves 8 MiB
  // of it): the chain is legal, but too deep for this stack.
  std::string file = writeModel("Deep.mo", chainedConstants(20000));
  Output o = check(file, "C.M", size_t{32} << 20);
  INFO(o.err);
  CHECK(o.code == 1);
  CHECK(o.err.rfind(file + ":", 0) == 0); // file:line:col: error: ...
  CHECK(o.err.find(": error: the ") != std::string::npos);
  CHECK(o.err.find(" nests too deeply (more than ") != std::string::npos);
}
