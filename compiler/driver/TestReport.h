// The reports of `mocc test-library`: report.json (machine-readable: each
// model's status, times, message and failing signals) and report.html (a
// self-contained page: the table of models, and for each failing signal an
// inline SVG of the result, the reference and the tube around it). Both
// are written under a temporary name and renamed when complete.
#pragma once

#include "compiler/driver/TestLibrary.h"

#include <filesystem>
#include <string>
#include <vector>

namespace mocc::driver {

/// What the reports say about the run as a whole.
struct ReportInfo {
  const TestLibraryOptions &options;
  double wallSeconds; ///< the whole run
  unsigned jobs;      ///< models run at once
};

/// Writes report.json and report.html into `folder`; false (with `error`)
/// if either cannot be written.
bool writeReports(const std::filesystem::path &folder, const std::vector<ModelOutcome> &outcomes,
                  const std::vector<PackageSummary> &packages, const ReportInfo &info,
                  std::string &error);

/// The JSON report as text.
std::string jsonReport(const std::vector<ModelOutcome> &outcomes,
                       const std::vector<PackageSummary> &packages, const ReportInfo &info);
/// The HTML page as text.
std::string htmlReport(const std::vector<ModelOutcome> &outcomes,
                       const std::vector<PackageSummary> &packages, const ReportInfo &info);

} // namespace mocc::driver
