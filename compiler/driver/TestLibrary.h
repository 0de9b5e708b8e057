// `mocc test-library`: the regression run of library developers as one
// command. It finds every model of a library that has a reference result
// (a folder laid out as the MSL's MAP-LIB reference results:
// `<dotted name as folders>/<Name>.csv` with `comparisonSignals.txt` beside
// it), simulates each in a `mocc simulate` process of its own, in parallel
// and with a time limit, compares the result with the reference by the
// tube rule of MSL regression testing (runtime/ResultCompare.h), prints a
// line per model and a summary per package, and writes a JSON report and a
// self-contained HTML page (TestReport.h).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace mocc::driver {

/// Options of `mocc test-library`.
struct TestLibraryOptions {
  std::vector<std::string> libraries;   ///< --lib, in order (then MODELICAPATH)
  std::vector<std::string> libraryPath; ///< --library-path, passed on to each run
  std::string references;               ///< --references DIR
  std::vector<std::string> filters;     ///< prefixes of dotted names; empty: all
  unsigned jobs = 0;                    ///< -j; 0: one per core
  double timeout = 300;                 ///< seconds per model
  std::string reportDir = "mocc-test-report";
  bool keepResults = false;
  /// Simulate with the settings the MAP-LIB references were made with (a
  /// tenth of the experiment's Tolerance, 1e-6 without one; half its
  /// Interval, (stop - start)/5000 without one) instead of the experiment
  /// annotation's.
  bool referenceSettings = false;
  double tube = 0.002; ///< the relative size of the tube
  /// The mocc that simulates each model (the running one by default).
  std::string executable;
};

/// How one model fared.
enum class TestStatusKind {
  Pass,        ///< every compared signal in the tube
  Outside,     ///< ran, but a signal leaves the tube or is missing
  Failed,      ///< simulation failure (exit code 3)
  Rejected,    ///< the model is wrong or unsupported (exit code 1 or 2)
  Timeout,     ///< killed at the time limit
  Crash,       ///< ended by a signal
  NoModel,     ///< a reference names a model the library lacks
  NoReference, ///< listed for comparison, without a reference result
};

/// The word for a status in lines and reports ("pass", "outside", ...).
const char *statusName(TestStatusKind status);

/// A curve of a plot: times and values.
struct Curve {
  std::vector<double> t, y;
};

/// What a plot of a signal shows over a span of time: the result, the
/// reference and the tube's lower and upper curves, decimated.
struct PlotData {
  Curve result, reference, tubeLower, tubeUpper;
};

/// A signal outside the tube, with what the report plots.
struct SignalFailure {
  std::string name;
  std::string detail;
  double time = 0, value = 0, lower = 0, upper = 0; ///< the first sample outside
  size_t outside = 0;                               ///< samples outside
  bool missing = false;                             ///< not in the result at all
  PlotData whole;                                   ///< over the reference's time range
  PlotData zoom;                                    ///< around the first sample outside
};

/// The outcome of one model.
struct ModelOutcome {
  std::string name;
  TestStatusKind status = TestStatusKind::Pass;
  std::string message;       ///< first failing signal, error line, ...
  double compileSeconds = 0; ///< parse to JIT (from --time-phases)
  double runSeconds = 0;     ///< initialization, integration and output
  double wallSeconds = 0;    ///< the child process from start to end
  int exitCode = -1;
  int signal = 0;
  size_t signalsCompared = 0;
  /// Signals of the library's list that the reference result lacks.
  std::vector<std::string> notCompared;
  std::vector<SignalFailure> failures;
};

/// The number of models per package and how many passed.
struct PackageSummary {
  std::string name;
  size_t passed = 0, total = 0;
};

int runTestLibrary(const TestLibraryOptions &options, std::ostream &out, std::ostream &err);

} // namespace mocc::driver
