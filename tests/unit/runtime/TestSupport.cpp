// Helpers shared by the runtime's unit tests; see TestSupport.h.
#include "TestSupport.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace mocc::rt::test {

namespace {

/// Splits one header line into its quoted fields, undoubling quotes.
std::vector<std::string> parseHeader(const std::string &line) {
  std::vector<std::string> names;
  std::size_t i = 0;
  while (i < line.size()) {
    REQUIRE(line[i] == '"');
    std::string name;
    for (++i; i < line.size(); ++i) {
      if (line[i] == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        name += '"';
        ++i;
      } else if (line[i] == '"') {
        break;
      } else {
        name += line[i];
      }
    }
    names.push_back(name);
    i += 2; // the closing quote and the comma
  }
  return names;
}

std::vector<double> parseRow(const std::string &line) {
  std::vector<double> row;
  const char *first = line.data();
  const char *last = line.data() + line.size();
  while (first < last) {
    double x = 0;
    auto [end, error] = std::from_chars(first, last, x);
    REQUIRE(error == std::errc());
    row.push_back(x);
    if (end < last)
      REQUIRE(*end == ',');
    first = end < last ? end + 1 : end;
  }
  return row;
}

} // namespace

std::size_t CsvTable::column(const std::string &name) const {
  auto it = std::find(names.begin(), names.end(), name);
  REQUIRE_MESSAGE(it != names.end(), "no column " << name);
  return static_cast<std::size_t>(it - names.begin());
}

CsvTable readCsv(const std::string &path) {
  std::ifstream in(path);
  REQUIRE_MESSAGE(in.good(), "cannot read " << path);
  CsvTable table;
  std::string line;
  REQUIRE(std::getline(in, line));
  table.names = parseHeader(line);
  while (std::getline(in, line)) {
    table.rows.push_back(parseRow(line));
    REQUIRE(table.rows.back().size() == table.names.size());
  }
  return table;
}

std::string readText(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// One folder per test process, removed when the process ends (CTest runs
/// every test case as a process of its own: thousands of them were left in
/// the temporary folder).
static std::filesystem::path scratchDirectory() {
  struct Scratch {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("mocc-runtime-tests-" + std::to_string(getpid()));
    Scratch() {
      std::filesystem::remove_all(path);
      std::filesystem::create_directories(path);
    }
    ~Scratch() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static Scratch scratch;
  return scratch.path;
}

std::string scratchPath(const std::string &name) { return (scratchDirectory() / name).string(); }

SimulationOptions runOptions(const std::string &file, double stop, double interval,
                             std::size_t numColumns, double tolerance) {
  SimulationOptions options;
  options.stopTime = stop;
  options.interval = interval;
  options.tolerance = tolerance;
  options.outputPath = scratchPath(file);
  for (std::size_t i = 0; i < numColumns; ++i)
    options.columns.push_back(static_cast<int32_t>(i));
  return options;
}

std::vector<std::string> scratchFiles(const std::string &prefix) {
  std::vector<std::string> names;
  for (const auto &entry : std::filesystem::directory_iterator(scratchDirectory())) {
    std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0)
      names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

SparsityPattern patternFromColumns(const std::vector<std::vector<int64_t>> &rowsOfColumn,
                                   const std::vector<int32_t> &colors) {
  SparsityPattern pattern;
  pattern.size = static_cast<int64_t>(rowsOfColumn.size());
  pattern.colPtr.push_back(0);
  for (const std::vector<int64_t> &rows : rowsOfColumn) {
    pattern.rowIdx.insert(pattern.rowIdx.end(), rows.begin(), rows.end());
    pattern.colPtr.push_back(static_cast<int64_t>(pattern.rowIdx.size()));
  }
  pattern.colors = colors;
  pattern.numColors = colors.empty() ? 0 : *std::max_element(colors.begin(), colors.end()) + 1;
  return pattern;
}

SparsityPattern tridiagonalPattern(int64_t n) {
  std::vector<std::vector<int64_t>> rowsOfColumn(n);
  std::vector<int32_t> colors(n);
  for (int64_t j = 0; j < n; ++j) {
    for (int64_t i = std::max<int64_t>(0, j - 1); i <= std::min(n - 1, j + 1); ++i)
      rowsOfColumn[j].push_back(i);
    colors[j] = static_cast<int32_t>(j % 3);
  }
  return patternFromColumns(rowsOfColumn, colors);
}

} // namespace mocc::rt::test
