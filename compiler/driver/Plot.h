// `mocc plot`: chosen signals of a result file (CSV or MAT) against time,
// as a self-contained SVG picture (no script, no external resource) that a
// browser shows: one frame, the signals in distinct colors, axes with
// ticks, `time [s]` below, the common unit at the side, a legend with each
// signal's name and unit (units come from a MAT file's descriptions).
// Long results are decimated per pixel column by the M4 aggregation (Jugel
// et al., "M4: A Visualization-Oriented Time Series Data Aggregation",
// VLDB 2014: the first, least, greatest and last point of each column),
// which draws the same picture as every point.
#pragma once

#include "runtime/ResultCompare.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace mocc::driver {

struct PlotOptions {
  std::string result;                ///< the result file, CSV or MAT
  std::vector<std::string> patterns; ///< names or glob patterns; empty: every signal
  std::string output;                ///< the SVG file; empty: RESULT with `.svg`
  /// Files the output must not replace (the inputs of the run that wrote
  /// the result, for `simulate --plot`).
  std::vector<std::string> inputs = {};
};

/// The SVG picture of `columns` (indices into table.columns, not 0) of a
/// result against its time column.
std::string plotSvg(const rt::ResultTable &table, const std::vector<std::size_t> &columns,
                    const std::string &title);

/// `mocc plot`: reads the result, selects the signals (a pattern that
/// matches none is a usage error, as is a result of more than 12 signals
/// without patterns), writes the SVG safely (runtime/OutputFile.h) and
/// prints `wrote FILE`. Exit codes as CLI.md's.
int runPlot(const PlotOptions &options, std::ostream &out, std::ostream &err);

} // namespace mocc::driver
