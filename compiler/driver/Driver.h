// The driver runs the phases of the compiler in order for one command of the
// command line (see ../shared/CLI.md and docs/pipeline.md): parse, load and
// instantiate, flatten, causalize, generate code, JIT-compile, and run. It
// measures each phase, and maps failures to the documented exit codes.
#pragma once

#include <cmath>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace mocc::driver {

/// Exit codes of CLI.md. A simulation that SIGINT, SIGTERM or SIGHUP
/// stopped returns 128 + the signal's number (runtime/Signals.h).
enum ExitCode : int {
  ExitSuccess = 0,
  ExitModelError = 1,
  ExitUsageError = 2,
  ExitSimulationError = 3,
};

/// More output intervals than this are a usage error (a result row each).
inline constexpr long maxOutputIntervals = 1000000000;

/// The command-line tool ends its process when a command returns: the
/// compiler's data (instance tree, flat model, plan, compiled model) is then
/// left to the end of the process instead of being freed object by object,
/// which took a tenth of a second and more on large models. Off by default
/// (tests run many commands in one process).
void setProcessEndsWithCommand(bool ends);

/// What every command that compiles a model needs.
struct CompileOptions {
  std::vector<std::string> files;
  std::vector<std::string> libraries; ///< --lib, in order
  std::string model;                  ///< -m; empty: the default model
  /// Folders searched first for the libraries of external functions:
  /// --library-path, in order, then those of MOCC_LIBRARY_PATH.
  std::vector<std::string> libraryPath;
  /// --no-cache: the C code of external functions is compiled without the
  /// cache of compiled objects (ccode::defaultCacheDirectory).
  bool noCache = false;
  bool verbose = false;               ///< -v: sizes, statistics and phase times
  bool timePhases = false;            ///< --time-phases
};

/// Options of `mocc simulate`; NaN / empty means "not given".
struct SimulateOptions {
  double startTime;
  double stopTime;
  double interval;
  long intervals = 0;
  double tolerance;
  std::string output; ///< `-` streams the result to standard output
  std::string vars;
  /// --format: `csv` or `mat`; empty: from the extension of `output`.
  std::string format = {};
  /// --plot: the signals (names or glob patterns, comma-separated) to draw
  /// into the result's name with `.svg` after the run; empty: no plot.
  std::string plot = {};
  /// --progress: report the progress of the run on stderr even when it is
  /// not a terminal (a line per report) and from the start; --quiet: never.
  /// Neither: on a terminal, after the first second (runtime/Progress.h).
  bool progress = false;
  bool quiet = false;
  /// --linear-solver: `auto`, `klu` or `gmres`; empty: auto
  /// (runtime/LinearSolver.h).
  std::string linearSolver = {};
  /// --override LIST and --override-file FILE in the order given: (false,
  /// LIST) or (true, FILE); see Overrides.h.
  std::vector<std::pair<bool, std::string>> overrides = {};
};

/// Options of `mocc linearize`; NaN / empty means "not given".
struct LinearizeOptions {
  double at = NAN;        ///< the time of the operating point (default: the start time)
  double startTime = NAN; ///< default: the experiment's StartTime, else 0
  double tolerance = NAN; ///< of the run up to `at`
  std::string output;     ///< -o: the linear model as Modelica source
};

/// Options of `mocc flatten`.
struct FlattenOptions {
  std::string emit = "flat"; ///< flat | index-reduced | plan
  bool origins = false;
};

/// The bundled library's folder: MOCC_STDLIB, else the stdlib/ of the
/// source tree mocc was built from.
std::string bundledLibrary();

int runParse(const std::vector<std::string> &files, bool print, std::ostream &out,
             std::ostream &err);
int runCheck(const CompileOptions &options, std::ostream &out, std::ostream &err);
int runFlatten(const CompileOptions &options, const FlattenOptions &flatten, std::ostream &out,
               std::ostream &err);
int runSimulate(const CompileOptions &options, const SimulateOptions &simulate,
                std::ostream &out, std::ostream &err);
/// `mocc compare RESULT REFERENCE`: the tube rule of MSL regression testing
/// on every signal of the reference (or those listed in `signalsFile`).
int runCompare(const std::string &result, const std::string &reference,
               const std::string &signalsFile, double tolerance, std::ostream &out,
               std::ostream &err);
/// `mocc linearize`: the matrices A, B, C, D of the model around its state
/// after initialization (or at time `at`), with respect to its top-level
/// inputs and outputs; printed, and with -o written as a Modelica model.
int runLinearize(const CompileOptions &options, const LinearizeOptions &linearize,
                 std::ostream &out, std::ostream &err);
/// `mocc eval EXPR`: evaluates a constant expression (calls of Modelica
/// functions are compiled and run) and prints its value.
int runEval(const std::string &expression, const CompileOptions &options, std::ostream &out,
            std::ostream &err);

} // namespace mocc::driver
