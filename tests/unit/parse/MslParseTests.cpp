// Parses every .mo file of a Modelica Standard Library checkout when the
// environment variable MOCC_MSL points at one: zero errors expected, and
// the count and elapsed time are printed. Without MOCC_MSL it says so and
// passes.
#include "ParseTestUtil.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>

using namespace mocc;

namespace {

/// All .mo files under MOCC_MSL, sorted; empty if MOCC_MSL is not set.
std::vector<std::string> mslFiles() {
  const char *root = std::getenv("MOCC_MSL");
  std::vector<std::string> files;
  if (!root || !*root)
    return files;
  for (const auto &entry : std::filesystem::recursive_directory_iterator(root))
    if (entry.is_regular_file() && entry.path().extension() == ".mo")
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

} // namespace

TEST_CASE("the whole Modelica Standard Library parses without errors") {
  std::vector<std::string> files = mslFiles();
  if (files.empty()) {
    std::cout << "SKIPPED: MOCC_MSL is not set: the MSL parse test did not run\n";
    return;
  }
  SourceManager sources;
  std::vector<FileId> ids;
  for (const std::string &path : files) {
    std::optional<FileId> id = sources.addFile(path);
    REQUIRE(id.has_value());
    ids.push_back(*id);
  }
  Diagnostics diags(sources, std::cerr);
  size_t parsed = 0;
  auto start = std::chrono::steady_clock::now();
  for (FileId id : ids)
    if (parseFile(sources, id, diags))
      ++parsed;
  std::chrono::duration<double> elapsed =
      std::chrono::steady_clock::now() - start;
  std::cout << "parsed " << parsed << " of " << files.size()
            << " MSL files with " << diags.errorCount() << " errors in "
            << elapsed.count() << " s\n";
  CHECK(diags.errorCount() == 0);
  CHECK(parsed == files.size());
}
