// Comparing a result file with a reference result by the tube rule of the
// MSL regression tests (csv-compare): every compared signal of the result
// must stay, at its own sample times, between the lower and upper envelopes
// of rectangles of half-size dx by dy around the reference points (see
// ../shared/reference/README.md in the team's notes and CLI.md's
// `compare`).
#pragma once

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mocc::rt {

/// A result file: time and the other columns by name.
struct ResultTable {
  std::vector<std::string> names; ///< header, in order (names[0] is time)
  std::vector<std::vector<double>> columns;
  /// The unit of each column where the file says it (MAT's description
  /// ends in `[unit]` or `[unit|displayUnit]`); empty for a CSV file.
  std::vector<std::string> units = {};
  const std::vector<double> *column(const std::string &name) const;
};

/// Reads a result file: RFC 4180 CSV, or MAT (MatReader.h, told apart by
/// its first bytes); nothing with `error` set if it cannot
/// be read or is malformed (a row of the wrong length, a field that is not
/// a number). With `only`, the columns of other names are left out (time
/// stays): a big result costs the memory of the signals compared.
std::optional<ResultTable> readResultTable(const std::string &path, std::string &error,
                                           const std::vector<std::string> *only = nullptr);

/// The outcome for one signal.
struct SignalComparison {
  std::string name;
  bool passed = false;
  std::string detail; ///< why it failed: missing, or the first point outside
  /// The first result sample outside the tube (NaN when none is): its
  /// time, its value and the tube's bounds there.
  double time = NAN;
  double value = NAN;
  double lower = NAN;
  double upper = NAN;
  /// How many result samples lie outside the tube.
  size_t outside = 0;
};

/// The half-sizes of the tube's rectangles around a reference signal
/// (t, y): `tolerance` times the ranges of time and of the values.
struct TubeSize {
  double dx = 0;
  double dy = 0;
};
TubeSize tubeSize(const std::vector<double> &t, const std::vector<double> &y, double tolerance);

/// The tube's lower and upper curves at time `at` (within the reference's
/// time range): the least and greatest value of the reference polyline
/// within dx of `at`, minus and plus dy.
std::pair<double, double> tubeBounds(const std::vector<double> &t, const std::vector<double> &y,
                                     TubeSize size, double at);

/// Compares `signals` of `result` with `reference` (the first column of
/// each is time). `tolerance` is the relative size of the tube (0.002 in
/// MSL regression testing).
std::vector<SignalComparison> compareResults(const ResultTable &result, const ResultTable &reference,
                                             const std::vector<std::string> &signals,
                                             double tolerance);

} // namespace mocc::rt
