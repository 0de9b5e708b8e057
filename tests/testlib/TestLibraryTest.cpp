// Tests of `mocc test-library`: the mocc program runs on TestLib (a small
// library made for these tests; references/ holds its reference results:
// exp(-t) for Decay and Drift, computed by hand) and its lines, summary,
// exit code and reports are checked. TestLib has a model of each outcome:
// Decay passes, Drift leaves the tube (and compares a parameter, which
// passes), AssertFails fails in the simulation, Broken is rejected, Crash
// ends by SIGABRT in an external function, Hang never ends; a reference
// names the missing model Gone, and NoReference is listed without one.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <system_error>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Run {
  int exitCode = -1;
  std::string out, err;
  std::vector<std::string> lines;
  /// The line that names `model` (after its status word), or "".
  std::string lineOf(const std::string &model) const {
    for (const std::string &line : lines)
      if (line.find(" " + model + "  ") != std::string::npos ||
          line.find(" " + model + ":") != std::string::npos ||
          (line.size() >= model.size() &&
           line.compare(line.size() - model.size(), model.size(), model) == 0))
        return line;
    return "";
  }
};

std::string readText(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string quote(const std::string &arg) { return "'" + arg + "'"; }

/// A scratch folder of this test process, removed when the test case ends.
class Scratch {
public:
  explicit Scratch(const std::string &name)
      : dir_(fs::temp_directory_path() /
             ("mocc_testlib_" + std::to_string(getpid()) + "_" + name)) {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  Scratch(const Scratch &) = delete;
  Scratch &operator=(const Scratch &) = delete;
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  fs::path operator/(const std::string &name) const { return dir_ / name; }

private:
  fs::path dir_;
};

/// Runs `mocc test-library` on TestLib with `args`, the report in `report`
/// (MODELICAPATH unset: the bundled stdlib comes after TestLib).
Run testLibrary(const std::vector<std::string> &args, const fs::path &report,
                const std::string &references = "references") {
  fs::path dir = MOCC_TESTLIB_DIR;
  std::string command = "env -u MODELICAPATH " + quote(MOCC_EXECUTABLE) +
                        " test-library --references " + quote((dir / references).string()) +
                        " --lib " + quote((dir / "TestLib").string()) + " --library-path " +
                        quote(MOCC_TESTLIB_CRASH) + " --report " + quote(report.string());
  for (const std::string &arg : args)
    command += " " + quote(arg);
  fs::path out = report.parent_path() / (report.filename().string() + ".out");
  fs::path err = report.parent_path() / (report.filename().string() + ".err");
  int status =
      std::system((command + " >" + quote(out.string()) + " 2>" + quote(err.string())).c_str());
  Run run;
  run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = readText(out);
  run.err = readText(err);
  std::stringstream lines(run.out);
  std::string line;
  while (std::getline(lines, line))
    run.lines.push_back(line);
  return run;
}

/// A JSON checker (RFC 8259): whether `text` is one well-formed value.
class JsonChecker {
public:
  explicit JsonChecker(const std::string &text) : s_(text) {}
  bool wellFormed() {
    skip();
    if (!value())
      return false;
    skip();
    return i_ == s_.size();
  }

private:
  void skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t' || s_[i_] == '\r'))
      ++i_;
  }
  bool literal(const char *word) {
    std::string w = word;
    if (s_.compare(i_, w.size(), w) != 0)
      return false;
    i_ += w.size();
    return true;
  }
  bool string() {
    if (s_[i_++] != '"')
      return false;
    while (i_ < s_.size() && s_[i_] != '"') {
      if (static_cast<unsigned char>(s_[i_]) < 0x20)
        return false;
      if (s_[i_] == '\\') {
        ++i_;
        if (i_ >= s_.size() || std::string("\"\\/bfnrtu").find(s_[i_]) == std::string::npos)
          return false;
        if (s_[i_] == 'u') {
          for (int k = 0; k < 4; ++k)
            if (++i_ >= s_.size() || !std::isxdigit(static_cast<unsigned char>(s_[i_])))
              return false;
        }
      }
      ++i_;
    }
    return i_++ < s_.size();
  }
  bool number() {
    static const std::regex pattern(R"(^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?)");
    std::smatch m;
    std::string rest = s_.substr(i_, 64);
    if (!std::regex_search(rest, m, pattern) || m.length(0) == 0)
      return false;
    i_ += static_cast<size_t>(m.length(0));
    return true;
  }
  bool sequence(char close, bool object) {
    ++i_;
    skip();
    if (i_ < s_.size() && s_[i_] == close)
      return ++i_, true;
    while (true) {
      skip();
      if (object) {
        if (i_ >= s_.size() || s_[i_] != '"' || !string())
          return false;
        skip();
        if (i_ >= s_.size() || s_[i_++] != ':')
          return false;
        skip();
      }
      if (!value())
        return false;
      skip();
      if (i_ >= s_.size())
        return false;
      if (s_[i_] == close)
        return ++i_, true;
      if (s_[i_++] != ',')
        return false;
    }
  }
  bool value() {
    if (i_ >= s_.size() || ++depth_ > 64)
      return false;
    bool ok;
    switch (s_[i_]) {
    case '{':
      ok = sequence('}', true);
      break;
    case '[':
      ok = sequence(']', false);
      break;
    case '"':
      ok = string();
      break;
    case 't':
      ok = literal("true");
      break;
    case 'f':
      ok = literal("false");
      break;
    case 'n':
      ok = literal("null");
      break;
    default:
      ok = number();
    }
    --depth_;
    return ok;
  }
  const std::string &s_;
  size_t i_ = 0;
  int depth_ = 0;
};

/// The JSON object of `model` in the report (its text up to the next model).
std::string modelJson(const std::string &json, const std::string &model) {
  size_t at = json.find("{\"name\": \"" + model + "\"");
  if (at == std::string::npos)
    return "";
  size_t end = json.find("\n    {\"name\"", at + 1);
  return json.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

} // namespace

TEST_CASE("the JSON checker of these tests tells well-formed from malformed") {
  for (const char *good : {"{}", "[1, -2.5e3, \"a\\\"b\", true, null, {\"k\": []}]", " 0 "})
    CHECK(JsonChecker(good).wellFormed());
  for (const char *bad : {"{", "[1,]", "{\"a\" 1}", "nan", "\"tab\there\"", "[01]", "{} {}"})
    CHECK_FALSE(JsonChecker(bad).wellFormed());
}

TEST_CASE("each outcome has its line, the summary counts them, and the exit code is 1") {
  Scratch scratch("all");
  fs::path report = scratch / "report";
  Run run = testLibrary({"-j", "2", "--timeout", "120", "TestLib.AssertFails", "TestLib.Broken",
                         "TestLib.Crash", "TestLib.Decay", "TestLib.Drift", "TestLib.Gone",
                         "TestLib.NoReference"},
                        report);
  INFO(run.out);
  INFO(run.err);
  CHECK(run.exitCode == 1);
  auto matches = [&](const std::string &model, const std::string &pattern) {
    std::string line = run.lineOf(model);
    CAPTURE(line);
    CHECK(std::regex_search(line, std::regex(pattern)));
  };
  matches("TestLib.Decay",
          R"(^\[[1-5]/5\] pass +TestLib\.Decay  compile [0-9.]+ s  run [0-9.]+ s$)");
  matches("TestLib.Drift",
          R"(^\[[1-5]/5\] outside +TestLib\.Drift  compile .* s: `x` leaves the tube at t = 0\.04 )"
          R"(\(0\.956\d* not in \[0\.957\d*, 0\.963\d*\]\); 1 of 2 signals fail$)");
  matches("TestLib.AssertFails",
          R"(^\[[1-5]/5\] failed +TestLib\.AssertFails  compile .*: )"
          R"(simulation failed at time t = 0\.5: assertion failed: x has reached 0\.5 and stops )"
          R"(\(at package\.mo:28:5\)$)");
  matches("TestLib.Broken",
          R"(^\[[1-5]/5\] rejected TestLib\.Broken  after [0-9.]+ s: .*package\.mo:35:14: )"
          R"(error: use of undeclared identifier `undeclaredRate`$)");
  matches("TestLib.Crash",
          R"(^\[[1-5]/5\] crash +TestLib\.Crash  after [0-9.]+ s: ended by signal 6 \(Aborted\))");
  matches(
      "TestLib.Gone",
      R"(^no-model TestLib\.Gone: the reference .*Gone\.csv names a model that is not in the library$)");
  matches(
      "TestLib.NoReference",
      R"(^no-reference TestLib\.NoReference: listed for comparison .* without a reference result$)");
  CHECK(run.out.find("\nsummary by package:\n  TestLib  1/6\n"
                     "total: 1 of 6 pass (1 outside, 1 failed, 1 rejected, 1 crash, 1 no-model); "
                     "1 listed for comparison without a reference result\n") != std::string::npos);

  std::string json = readText(report / "report.json");
  CHECK(JsonChecker(json).wellFormed());
  CHECK(json.find("\"counts\": {\"pass\": 1, \"outside\": 1, \"failed\": 1, \"rejected\": 1, "
                  "\"timeout\": 0, \"crash\": 1, \"no-model\": 1, \"no-reference\": 1}") !=
        std::string::npos);
  std::string drift = modelJson(json, "TestLib.Drift");
  CHECK(drift.find("\"status\": \"outside\"") != std::string::npos);
  CHECK(drift.find("\"signalsCompared\": 2") != std::string::npos);
  CHECK(drift.find("\"failures\": [{\"signal\": \"x\", \"missing\": false, \"time\": 0.04") !=
        std::string::npos);
  CHECK(modelJson(json, "TestLib.Crash").find("\"signal\": 6") != std::string::npos);

  std::string html = readText(report / "report.html");
  size_t section = html.find("<h3 id=\"m-TestLib.Drift\">");
  REQUIRE(section != std::string::npos);
  // The failing signal's plots: the whole run and around the failure, each
  // with the tube, the reference and the result.
  size_t svg = html.find("<svg", section);
  REQUIRE(svg != std::string::npos);
  CHECK(html.find("aria-label=\"x, whole run\"", section) != std::string::npos);
  CHECK(html.find("aria-label=\"x, around t = 0.04\"", section) != std::string::npos);
  CHECK(html.find("<path fill=\"#cde3f7\" d=\"M", svg) != std::string::npos);
  // Self-contained and small.
  for (const char *external : {"<script", "<link", "src=", "@import", "url(http"})
    CHECK(html.find(external) == std::string::npos);
  CHECK(html.size() < 200000);
  // Nothing left in the report folder but the reports.
  size_t files = 0;
  for (const auto &entry : fs::directory_iterator(report)) {
    CAPTURE(entry.path().string());
    CHECK((entry.path().filename() == "report.json" || entry.path().filename() == "report.html"));
    ++files;
  }
  CHECK(files == 2);
}

TEST_CASE("a model that never ends is killed at the time limit") {
  Scratch scratch("hang");
  fs::path report = scratch / "report";
  Run run = testLibrary({"--timeout", "1", "--filter", "TestLib.Hang", "--keep-results"}, report);
  INFO(run.out);
  INFO(run.err);
  CHECK(run.exitCode == 1);
  std::string line = run.lineOf("TestLib.Hang");
  CAPTURE(line);
  CHECK(std::regex_search(
      line,
      std::regex(R"(^\[1/1\] timeout  TestLib\.Hang  after [0-9.]+ s: no result after 1 s$)")));
  CHECK(run.out.find("total: 0 of 1 pass (1 timeout)\n") != std::string::npos);
  CHECK(readText(report / "report.json").find("\"status\": \"timeout\"") != std::string::npos);
  // The killed run's temporary result file is gone; its log stays.
  std::vector<std::string> kept;
  for (const auto &entry : fs::directory_iterator(report / "results"))
    kept.push_back(entry.path().filename().string());
  CHECK(kept == std::vector<std::string>{"TestLib.Hang.log"});
}

TEST_CASE("everything selected passes: exit code 0; --keep-results keeps result and log") {
  Scratch scratch("pass");
  fs::path report = scratch / "report";
  Run run = testLibrary({"TestLib.Decay", "-j1", "--keep-results"}, report);
  INFO(run.out);
  INFO(run.err);
  CHECK(run.exitCode == 0);
  CHECK(run.out.find("total: 1 of 1 pass\n") != std::string::npos);
  // The experiment annotation's grid: Interval = 0.02 over [0, 1].
  std::string result = readText(report / "results" / "TestLib.Decay.csv");
  CHECK(std::count(result.begin(), result.end(), '\n') == 1 + 51);
  CHECK(readText(report / "results" / "TestLib.Decay.log").find("phase times:") !=
        std::string::npos);
}

TEST_CASE("the library's own list of signals comes before the one beside the reference") {
  // references/TestLib/Renamed lists x and y; the model has no y, and the
  // library's Resources/Reference/TestLib/Renamed lists x and z: x is
  // compared, z (not in the reference) is named and not compared.
  Scratch scratch("library-list");
  fs::path report = scratch / "report";
  Run run = testLibrary({"TestLib.Renamed"}, report);
  INFO(run.out);
  INFO(run.err);
  CHECK(run.exitCode == 0);
  CHECK(std::regex_search(run.lineOf("TestLib.Renamed"),
                          std::regex(R"(^\[1/1\] pass +TestLib\.Renamed  compile .* s )"
                                     R"(\(not in the reference, not compared: `z`\)$)")));
  std::string json = readText(report / "report.json");
  CHECK(JsonChecker(json).wellFormed());
  std::string renamed = modelJson(json, "TestLib.Renamed");
  CHECK(renamed.find("\"signalsCompared\": 1, \"notCompared\": [\"z\"]") != std::string::npos);
}

TEST_CASE("where the reference has no signal of the library's list, the list beside it") {
  // TestLib/Resources/Reference/TestLib/Relabeled lists u alone, which the
  // reference lacks; references/TestLib/Relabeled lists x.
  Scratch scratch("beside-list");
  fs::path report = scratch / "report";
  Run run = testLibrary({"TestLib.Relabeled"}, report);
  INFO(run.out);
  INFO(run.err);
  CHECK(run.exitCode == 0);
  CHECK(std::regex_search(run.lineOf("TestLib.Relabeled"),
                          std::regex(R"(^\[1/1\] pass +TestLib\.Relabeled  compile .* s$)")));
  std::string relabeled = modelJson(readText(report / "report.json"), "TestLib.Relabeled");
  CHECK(relabeled.find("\"signalsCompared\": 1, \"notCompared\": []") != std::string::npos);
}

TEST_CASE("--reference-settings: a tenth of the tolerance and half the interval") {
  Scratch scratch("settings");
  fs::path report = scratch / "report";
  Run run = testLibrary({"TestLib.Decay", "--keep-results", "--reference-settings"}, report);
  INFO(run.out);
  INFO(run.err);
  CHECK(run.exitCode == 0);
  std::string result = readText(report / "results" / "TestLib.Decay.csv");
  CHECK(std::count(result.begin(), result.end(), '\n') == 1 + 101);
}

TEST_CASE("references in folders named by the dotted name; a model the bundled subset lacks") {
  // references-flat/TestLib.Decay/Decay.csv, and a reference of an MSL
  // model that mocc's bundled stdlib does not have.
  Scratch scratch("flat");
  fs::path report = scratch / "report";
  Run run = testLibrary({}, report, "references-flat");
  INFO(run.out);
  INFO(run.err);
  CHECK(run.exitCode == 1);
  CHECK(std::regex_search(run.lineOf("TestLib.Decay"),
                          std::regex(R"(^\[1/1\] pass +TestLib\.Decay)")));
  CHECK(run.lineOf("Modelica.Electrical.Analog.Examples.ChuaCircuit") ==
        "no-model Modelica.Electrical.Analog.Examples.ChuaCircuit: "
        "`Modelica.Electrical.Analog.Examples.ChuaCircuit` is not in mocc's bundled subset of the "
        "MSL; set MODELICAPATH to a copy of the MSL 4.1.0");
}

TEST_CASE("usage errors exit with code 2") {
  Scratch scratch("usage");
  fs::path report = scratch / "report";
  CHECK(testLibrary({"TestLib.NotThere"}, report).exitCode == 2);
  CHECK(testLibrary({"-j", "0"}, report).exitCode == 2);
  CHECK(testLibrary({"--timeout", "soon"}, report).exitCode == 2);
  CHECK(testLibrary({"--no-such-option"}, report).exitCode == 2);
  Run missing = testLibrary({"--references", "/nonexistent/references"}, report);
  CHECK(missing.exitCode == 2);
  CHECK(missing.err.find("`/nonexistent/references` does not exist") != std::string::npos);
}
