// Runs the syntax-error tests of tests/errors: each fail_*.mo file must fail
// to parse with exactly the diagnostics written in its `// CHECK:STDERR:`
// lines.
#include "ParseTestUtil.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

using mocc::test::TestSource;

namespace {

/// The expected diagnostics of an error test: its CHECK:STDERR lines.
std::string expectedDiagnostics(const std::string &text) {
  const std::string marker = "// CHECK:STDERR:";
  std::string expected;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(marker, 0) != 0)
      continue;
    line.erase(0, marker.size());
    if (!line.empty() && line[0] == ' ')
      line.erase(0, 1);
    expected += line + "\n";
  }
  return expected;
}

} // namespace

TEST_CASE("tests/errors: each fail_*.mo gives exactly its expected errors") {
  std::vector<std::filesystem::path> files;
  for (const auto &entry : std::filesystem::directory_iterator(MOCC_ERRORS_DIR))
    if (entry.path().filename().string().rfind("fail_", 0) == 0 &&
        entry.path().extension() == ".mo")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  CHECK(!files.empty());
  for (const auto &path : files) {
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)),
                     std::istreambuf_iterator<char>());
    TestSource source(text, path.filename().string());
    INFO(path.filename().string());
    CHECK(source.parseFile() == nullptr);
    CHECK(source.diagnostics() == expectedDiagnostics(text));
  }
}
