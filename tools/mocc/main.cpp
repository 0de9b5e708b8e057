// The `mocc` command line: parses the command and its options as
// ../shared/CLI.md specifies them and hands over to the driver. Usage
// errors (an unknown option, a missing argument, a malformed number) exit
// with code 2. SIGINT, SIGTERM and SIGHUP end a run cleanly, and then the
// process by the same signal (runtime/Signals.h).
#include "compiler/driver/Driver.h"
#include "compiler/driver/Run.h"
#include "compiler/driver/Names.h"
#include "compiler/driver/Plot.h"
#include "compiler/driver/TestLibrary.h"
#include "runtime/Signals.h"
#include "compiler/support/Prefault.h"
#include "compiler/support/Stack.h"

#include <cerrno>
#include <csignal>
#include <pthread.h>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <malloc.h>
#include <map>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

using namespace mocc::driver;

namespace {

/// Whether the user's GLIBC_TUNABLES sets `name` (then it is left to them).
bool tunableGiven(const char *name) {
  const char *tunables = std::getenv("GLIBC_TUNABLES");
  return tunables && std::strstr(tunables, name);
}

#ifdef MOCC_LAUNCHER
// `mocc` is a small program that runs a model from the cache of compiled
// models itself (compiler/driver/Run.h) and hands every other command, and a
// model it cannot take from the cache, to the compiler, `mocc-compiler` in
// its own folder, with the same arguments: loading LLVM and Clang costs a
// run 20 to 30 ms of the processor before main.
char **arguments = nullptr;

/// Asks glibc's malloc for transparent huge pages in the compiler
/// (`glibc.malloc.hugetlb=1`, glibc 2.35 and later; ignored by others),
/// unless GLIBC_TUNABLES already says: a model of 100,000 equations keeps
/// hundreds of MiB of expression nodes and variables that every phase walks
/// in no particular order, and with 4 KiB pages a fifth of flattening and
/// causalization went to page faults and TLB misses (HarmonicOscillator_N_51200
/// from the ScalableTestSuite: 1.03 -> 0.85 s to a ready JIT; peak memory
/// the same within 1 %). Not everywhere: grid3d 64^3, whose big arrays are
/// freed and allocated again as they grow, got slower (docs/toolchain.md).
/// Where the kernel's THP mode is `never` nothing changes.
void askForHugePages() {
  if (tunableGiven("glibc.malloc.hugetlb"))
    return;
  const char *tunables = std::getenv("GLIBC_TUNABLES");
  std::string value = tunables ? tunables : "";
  value += (value.empty() ? "" : ":") + std::string("glibc.malloc.hugetlb=1");
  setenv("GLIBC_TUNABLES", value.c_str(), 1);
}

int runCompiler() {
  askForHugePages();
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  std::string path = n > 0 ? std::string(self, static_cast<size_t>(n)) : std::string();
  path = path.substr(0, path.rfind('/') + 1) + "mocc-compiler";
  std::cout.flush();
  std::cerr.flush();
  // A stop signal from here until mocc-compiler has its handlers waits
  // (the mask survives execv; runtime/Signals.cpp unblocks it), so that it
  // ends the run with its message, not silently.
  sigset_t stops, previous;
  sigemptyset(&stops);
  for (int signal : {SIGINT, SIGTERM, SIGHUP})
    sigaddset(&stops, signal);
  pthread_sigmask(SIG_BLOCK, &stops, &previous);
  execv(path.c_str(), arguments);
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  std::cerr << "mocc: error: cannot run the compiler `" << path << "`: " << std::strerror(errno)
            << "\n";
  return ExitUsageError;
}
#endif

const char *const kUsage = R"(usage: mocc COMMAND [ARGS...]

Commands:
  parse    FILE... [--print]                          check the syntax only
  check    [FILE...] [-m MODEL] [--lib PATH]...       instantiate, flatten, check the structure
  flatten  [FILE...] [-m MODEL] [--lib PATH]...       print the flat model as Modelica text
  simulate [FILE...] [-m MODEL] [--lib PATH]... [options]   compile, run, write results (CSV, MAT)
  eval     EXPR [FILE...] [--lib PATH]...             evaluate an expression, print its value
  linearize [FILE...] [-m MODEL] [--at T] [-o FILE.mo]  the matrices A, B, C, D around the
                                                      state after initialization (or at T)
  plot     RESULT [VAR...] [-o FILE.svg]              draw signals of a result (CSV or MAT)
                                                      against time as an SVG picture
  compare  RESULT REFERENCE [--signals FILE] [--tolerance 0.002]
                                                      compare results (CSV or MAT) by the
                                                      MSL tube rule
  test-library --references DIR [FILTER...] [options]  simulate every model of a library
                                                      that has a reference result, compare,
                                                      report (JSON and HTML)

Run `mocc COMMAND --help` for the options of a command.
Exit codes: 0 success, 1 the model is wrong, 2 usage error, 3 simulation failure;
a run stopped by SIGINT, SIGTERM or SIGHUP ends by that signal (130, 143, 129).
)";

const char *const kCommonHelp = R"(
  -m MODEL          the model (full dotted name); default: the last class of the last FILE
  --lib PATH        a library: a package directory, a .mo file, or a folder of packages
                    (repeatable; searched before MODELICAPATH and the bundled stdlib/)
  --library-path DIR  a folder searched first for the C libraries of external functions
                    (lib<Name>.so or .a; repeatable; then MOCC_LIBRARY_PATH, colon-separated)
  --no-cache        compile the C code of external functions without reading or writing
                    the cache ($XDG_CACHE_HOME/mocc, default ~/.cache/mocc)
  -v                print sizes, solver statistics and phase times to stderr
  --time-phases     print the time of each compiler phase to stderr
)";

const char *const kSimulateHelp = R"(
  --start-time T    start time (default: experiment StartTime, else 0)
  --stop-time T     stop time (default: experiment StopTime, else 1)
  --interval DT     output interval (default: experiment Interval, else (stop-start)/500)
  --intervals N     number of output intervals (instead of --interval)
  --tolerance TOL   relative tolerance (default: experiment Tolerance, else 1e-6)
  -o OUT.csv|OUT.mat  result file (default: MODEL_res.csv): a new name or a regular file
                    that the run does not read; its extension chooses the format, CSV or
                    MAT v4 (Dymola's and OpenModelica's layout); `-o -` writes CSV to
                    standard output
  --format csv|mat  the result format (default: from the extension of `-o`, else csv): a
                    `.csv` or `.mat` name must agree, another name is then allowed;
                    without `-o` the file is MODEL_res.mat for mat
  --vars LIST       comma-separated names or glob patterns (`body.r_0[*]`) to write
  --plot LIST       after the run, draw these signals (names or glob patterns) into the
                    result's name with `.svg` (see `mocc plot`)
  --override LIST   name=value,... : values of parameters (`k=9`, `body.m=2`), start
                    values (`x.start=0.5`, or `x=0.5` for a variable), and the experiment
                    (startTime, stopTime, tolerance, interval or stepSize,
                    numberOfIntervals), as OpenModelica's -override; a parameter whose
                    value the translation used (an array size, a condition, ...) is refused
  --override-file FILE  the same, one name=value a line (`#` starts a comment line)
  --progress        report the progress of the run on stderr (model time, percent of the
                    stop time, wall time, steps) from the start, also when stderr is not a
                    terminal (then a line per report); default: on a terminal, in place,
                    for a run longer than a second
  -q, --quiet       no progress report
  --linear-solver auto|klu|gmres  the solver of the integrator's linear systems: klu
                    (sparse LU), gmres (GMRES with an ILU(0) preconditioner; KLU after a
                    system it cannot solve), auto (default: gmres for a large system of
                    states whose LU factors would fill in, as a 3-D grid's do; else klu)
)";

const char *const kTestLibraryHelp = R"(usage: mocc test-library --references DIR [FILTER...] [options]

Simulates every model of the libraries that has a reference result in DIR,
each in a process of its own, compares each result with its reference by the
tube rule of MSL regression testing (as `mocc compare`), prints one line per
model as it finishes and a summary per package, and writes report.json and
report.html. Exit code 0 only if every selected model passes, 1 otherwise,
2 for usage errors.

  --references DIR  reference results laid out as the MSL's (MAP-LIB):
                    DIR/A/B/C/C.csv (or DIR/A.B.C/C.csv) for model A.B.C, with the signals to compare
                    in the library's Resources/Reference/A/B/C/comparisonSignals.txt
                    (else in comparisonSignals.txt beside the reference; else every
                    column of the reference); a signal of the library's list that
                    the reference lacks is named and not compared (none in the
                    reference: the list beside it)
  FILTER, --filter PREFIX
                    only the models whose dotted name is PREFIX or starts with
                    PREFIX followed by a dot (repeatable; default: all)
  --lib PATH        a library (repeatable; then MODELICAPATH, then the bundled stdlib/)
  --library-path DIR  a folder of C libraries for external functions (repeatable)
  -j N, --jobs N    models simulated at once (default: one per core)
  --timeout S       seconds per model before it is killed (default 300)
  --report DIR      where report.json and report.html go (default ./mocc-test-report)
  --keep-results    keep each model's result and log in DIR/results/
  --reference-settings
                    simulate with the settings the MAP-LIB references were made
                    with: a tenth of the experiment's Tolerance (1e-6 without
                    one) and half its Interval ((stop-start)/5000 without one);
                    default: the experiment annotation, as `mocc simulate` does
  --tube REL        the relative size of the tube (default 0.002)
)";

/// A usage error: message and exit code 2.
int usage(const std::string &message) {
  std::cerr << "mocc: error: " << message << "\n(run `mocc --help` for usage)\n";
  return ExitUsageError;
}

std::optional<double> parseNumber(const std::string &text) {
  char *end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(value))
    return std::nullopt;
  return value;
}

/// Walks argv, separating options (with `--opt value` or `--opt=value`)
/// from positional arguments.
class Arguments {
public:
  Arguments(int argc, char **argv, int first) {
    for (int i = first; i < argc; ++i)
      args_.push_back(argv[i]);
  }

  /// Next argument, splitting `--opt=value`; false at the end.
  bool next(std::string &arg) {
    if (pendingValue_) {
      arg = *pendingValue_;
      pendingValue_.reset();
      return true;
    }
    if (index_ >= args_.size())
      return false;
    arg = args_[index_++];
    if (arg.size() > 2 && arg[0] == '-' && arg[1] == '-') {
      if (size_t eq = arg.find('='); eq != std::string::npos) {
        pendingValue_ = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
      }
    }
    return true;
  }
  /// The value of an option; false if missing.
  bool value(std::string &out) { return next(out); }

private:
  std::vector<std::string> args_;
  size_t index_ = 0;
  std::optional<std::string> pendingValue_;
};

/// Parses the options shared by check, flatten and simulate; returns
/// 1 if handled, 0 if not an option of these, -1 on error.
int commonOption(const std::string &arg, Arguments &args, CompileOptions &options) {
  std::string value;
  if (arg == "-m" || arg == "--model") {
    if (!args.value(value))
      return usage("`" + arg + "` needs a model name"), -1;
    options.model = value;
    return 1;
  }
  if (arg == "--lib") {
    if (!args.value(value))
      return usage("`--lib` needs a path"), -1;
    options.libraries.push_back(value);
    return 1;
  }
  if (arg == "--library-path") {
    if (!args.value(value))
      return usage("`--library-path` needs a folder"), -1;
    options.libraryPath.push_back(value);
    return 1;
  }
  if (arg == "--no-cache") {
    options.noCache = true;
    return 1;
  }
  if (arg == "-v" || arg == "--verbose") {
    options.verbose = true;
    return 1;
  }
  if (arg == "--time-phases") {
    options.timePhases = true;
    return 1;
  }
  return 0;
}

int simulateOption(const std::string &arg, Arguments &args, SimulateOptions &sim) {
  static const std::map<std::string, double SimulateOptions::*> kNumbers = {
      {"--start-time", &SimulateOptions::startTime},
      {"--stop-time", &SimulateOptions::stopTime},
      {"--interval", &SimulateOptions::interval},
      {"--tolerance", &SimulateOptions::tolerance},
  };
  std::string value;
  if (auto it = kNumbers.find(arg); it != kNumbers.end()) {
    if (!args.value(value))
      return usage("`" + arg + "` needs a number"), -1;
    auto number = parseNumber(value);
    if (!number)
      return usage("`" + arg + "`: `" + value + "` is not a number"), -1;
    if ((arg == "--interval" || arg == "--tolerance") && *number <= 0)
      return usage("`" + arg + "` must be positive"), -1;
    sim.*(it->second) = *number;
    return 1;
  }
  if (arg == "--intervals") {
    if (!args.value(value))
      return usage("`--intervals` needs a number"), -1;
    auto number = parseNumber(value);
    if (!number || *number < 1 || *number != std::floor(*number))
      return usage("`--intervals` needs a positive integer"), -1;
    if (*number > static_cast<double>(maxOutputIntervals))
      return usage("`--intervals " + value + "`: more than " +
                   std::to_string(maxOutputIntervals) +
                   " output intervals (a result row each) is too many"),
             -1;
    sim.intervals = static_cast<long>(*number);
    return 1;
  }
  if (arg == "-o" || arg == "--output") {
    if (!args.value(value))
      return usage("`-o` needs a file name"), -1;
    sim.output = value;
    return 1;
  }
  if (arg == "--vars") {
    if (!args.value(value))
      return usage("`--vars` needs a list"), -1;
    sim.vars = value;
    return 1;
  }
  if (arg == "--plot") {
    if (!args.value(value) || value.empty())
      return usage("`--plot` needs the signals to draw"), -1;
    sim.plot = value;
    return 1;
  }
  if (arg == "--override" || arg == "--override-file") {
    if (!args.value(value) || value.empty())
      return usage("`" + arg + "` needs " +
                   (arg == "--override" ? "`name=value,...`" : "a file name")),
             -1;
    sim.overrides.push_back({arg == "--override-file", value});
    return 1;
  }
  if (arg == "--progress") {
    sim.progress = true;
    sim.quiet = false;
    return 1;
  }
  if (arg == "--quiet" || arg == "-q") {
    sim.quiet = true;
    sim.progress = false;
    return 1;
  }
  if (arg == "--linear-solver") {
    if (!args.value(value))
      return usage("`--linear-solver` needs a value: `auto`, `klu` or `gmres`"), -1;
    if (value != "auto" && value != "klu" && value != "gmres")
      return usage("`--linear-solver`: unknown solver `" + value + "` (`auto`, `klu` or `gmres`)"),
             -1;
    sim.linearSolver = value;
    return 1;
  }
  if (arg == "--format") {
    if (!args.value(value))
      return usage("`--format` needs a value: `csv` or `mat`"), -1;
    if (value != "csv" && value != "mat")
      return usage("`--format`: unknown format `" + value + "` (`csv` or `mat`)"), -1;
    sim.format = value;
    return 1;
  }
  return 0;
}

int commandHelp(const std::string &command) {
  std::cout << "usage: mocc " << command;
  if (command == "parse") {
    std::cout << " FILE... [--print]\n\n  --print           print the parsed files back as Modelica\n";
    return ExitSuccess;
  }
  std::cout << " [FILE...] [-m MODEL] [--lib PATH]..." << (command == "simulate" ? " [options]" : "")
            << "\n" << kCommonHelp;
  if (command == "flatten")
    std::cout << "  --origins         comment each equation with its origin and line\n"
                 "  --emit=WHAT       flat (default): the flat model; index-reduced: the\n"
                 "                    equations after alias elimination and index reduction,\n"
                 "                    with the chosen states, dummy derivatives and the\n"
                 "                    origin of each differentiated equation; plan: the\n"
                 "                    simulation plan (the kernels and how the runtime\n"
                 "                    runs them)\n";
  if (command == "simulate")
    std::cout << kSimulateHelp;
  return ExitSuccess;
}

#ifndef MOCC_LAUNCHER
int runParseCommand(Arguments &args) {
  std::vector<std::string> files;
  bool print = false;
  std::string arg;
  while (args.next(arg)) {
    if (arg == "--help" || arg == "-h")
      return commandHelp("parse");
    if (arg == "--print")
      print = true;
    else if (!arg.empty() && arg[0] == '-')
      return usage("unknown option `" + arg + "` for `parse`");
    else
      files.push_back(arg);
  }
  if (files.empty())
    return usage("`parse` needs at least one file");
  return runParse(files, print, std::cout, std::cerr);
}

int runCompareCommand(Arguments &args) {
  std::vector<std::string> files;
  std::string signals;
  double tolerance = 0.002;
  std::string arg, value;
  while (args.next(arg)) {
    if (arg == "--help" || arg == "-h") {
      std::cout << "usage: mocc compare RESULT REFERENCE [--signals FILE] [--tolerance 0.002]\n\n"
                   "  RESULT, REFERENCE result files, CSV or MAT (Dymola's and OpenModelica's layout)\n"
                   "  --signals FILE    the signals to compare, one per line (default: all of the reference)\n"
                   "  --tolerance TOL   the relative size of the tube (default 0.002)\n";
      return ExitSuccess;
    }
    if (arg == "--signals") {
      if (!args.value(signals))
        return usage("`--signals` needs a file");
    } else if (arg == "--tolerance") {
      auto number = args.value(value) ? parseNumber(value) : std::nullopt;
      if (!number || *number <= 0)
        return usage("`--tolerance` needs a positive number");
      tolerance = *number;
    } else if (!arg.empty() && arg[0] == '-') {
      return usage("unknown option `" + arg + "` for `compare`");
    } else {
      files.push_back(arg);
    }
  }
  if (files.size() != 2)
    return usage("`compare` needs a result file and a reference file");
  return runCompare(files[0], files[1], signals, tolerance, std::cout, std::cerr);
}

int runTestLibraryCommand(Arguments &args) {
  TestLibraryOptions options;
  std::string arg, value;
  auto positive = [&](const std::string &option) -> std::optional<double> {
    auto number = args.value(value) ? parseNumber(value) : std::nullopt;
    if (!number || *number <= 0)
      return usage("`" + option + "` needs a positive number"), std::nullopt;
    return number;
  };
  while (args.next(arg)) {
    if (arg == "--help" || arg == "-h") {
      std::cout << kTestLibraryHelp;
      return ExitSuccess;
    }
    if (arg == "--references" || arg == "--lib" || arg == "--library-path" ||
        arg == "--filter" || arg == "--report") {
      if (!args.value(value))
        return usage("`" + arg + "` needs a value");
      if (arg == "--references")
        options.references = value;
      else if (arg == "--lib")
        options.libraries.push_back(value);
      else if (arg == "--library-path")
        options.libraryPath.push_back(value);
      else if (arg == "--filter")
        options.filters.push_back(value);
      else
        options.reportDir = value;
    } else if (arg == "-j" || arg == "--jobs" || (arg.size() > 2 && arg.rfind("-j", 0) == 0)) {
      if (arg.size() > 2 && arg[1] == 'j')
        value = arg.substr(2);
      else if (!args.value(value))
        return usage("`" + arg + "` needs a number");
      auto number = parseNumber(value);
      if (!number || *number < 1 || *number != std::floor(*number) || *number > 4096)
        return usage("`-j` needs a positive integer");
      options.jobs = static_cast<unsigned>(*number);
    } else if (arg == "--timeout") {
      auto number = positive(arg);
      if (!number)
        return ExitUsageError;
      options.timeout = *number;
    } else if (arg == "--tube") {
      auto number = positive(arg);
      if (!number)
        return ExitUsageError;
      options.tube = *number;
    } else if (arg == "--keep-results") {
      options.keepResults = true;
    } else if (arg == "--reference-settings") {
      options.referenceSettings = true;
    } else if (!arg.empty() && arg[0] == '-') {
      return usage("unknown option `" + arg + "` for `test-library`");
    } else {
      options.filters.push_back(arg);
    }
  }
  if (options.references.empty())
    return usage("`test-library` needs `--references DIR`");
  for (std::string &filter : options.filters) {
    while (!filter.empty() && filter.back() == '.')
      filter.pop_back(); // `Modelica.Mechanics.` selects as `Modelica.Mechanics`
    if (filter.empty())
      return usage("an empty filter selects nothing");
  }
  return runTestLibrary(options, std::cout, std::cerr);
}

int runEvalCommand(Arguments &args) {
  CompileOptions options;
  std::string expression;
  bool haveExpression = false;
  std::string arg;
  while (args.next(arg)) {
    if (arg == "--help" || arg == "-h") {
      std::cout << "usage: mocc eval EXPR [FILE...] [--lib PATH]...\n\n"
                   "  EXPR              a Modelica expression, e.g. a function call\n"
                << kCommonHelp;
      return ExitSuccess;
    }
    int handled = commonOption(arg, args, options);
    if (handled < 0)
      return ExitUsageError;
    if (handled > 0)
      continue;
    if (!haveExpression) {
      expression = arg;
      haveExpression = true;
    } else if (!arg.empty() && arg[0] == '-') {
      return usage("unknown option `" + arg + "` for `eval`");
    } else {
      options.files.push_back(arg);
    }
  }
  if (!haveExpression)
    return usage("`eval` needs an expression");
  return runEval(expression, options, std::cout, std::cerr);
}

const char *const kLinearizeHelp = R"(
  --at T            the time of the operating point: the model is initialized and
                    simulated up to T (default: the start time, after initialization)
  --start-time T    start time (default: experiment StartTime, else 0)
  --tolerance TOL   relative tolerance of the run up to T (default: experiment Tolerance)
  -o FILE.mo        also write the linear model as Modelica source (model
                    linearized_model, parameters A, B, C, D as in
                    Modelica.Blocks.Continuous.StateSpace)

Prints the states, inputs (the model's own Real inputs) and outputs (its own
Real outputs), the point (x0, u0, y0) and A, B, C, D as Modelica matrices;
the Jacobians come from the model's compiled derivative code.
)";

int runPlotCommand(Arguments &args) {
  PlotOptions options;
  std::string arg;
  bool haveResult = false;
  while (args.next(arg)) {
    if (arg == "--help" || arg == "-h") {
      std::cout << "usage: mocc plot RESULT [VAR...] [-o FILE.svg]\n\n"
                   "  RESULT            a result file, CSV or MAT\n"
                   "  VAR               names or glob patterns (`body.r_0[*]`) of the signals to\n"
                   "                    draw (default: every signal of a result of at most 12)\n"
                   "  -o FILE.svg       the picture (default: RESULT with the extension .svg)\n\n"
                   "Draws the signals against time on one figure as a self-contained SVG\n"
                   "that a browser shows, with their units where the result has them (MAT).\n";
      return ExitSuccess;
    }
    if (arg == "-o" || arg == "--output") {
      if (!args.value(options.output))
        return usage("`-o` needs a file name");
    } else if (arg.size() > 1 && arg[0] == '-') {
      return usage("unknown option `" + arg + "` for `plot`");
    } else if (!haveResult) {
      options.result = arg;
      haveResult = true;
    } else {
      for (const std::string &item : splitVarList(arg))
        if (!item.empty())
          options.patterns.push_back(item);
    }
  }
  if (!haveResult)
    return usage("`plot` needs a result file");
  return runPlot(options, std::cout, std::cerr);
}

int runLinearizeCommand(Arguments &args) {
  CompileOptions options;
  LinearizeOptions linearize;
  std::string arg, value;
  while (args.next(arg)) {
    if (arg == "--help" || arg == "-h") {
      std::cout << "usage: mocc linearize [FILE...] [-m MODEL] [--lib PATH]... [options]\n"
                << kCommonHelp << kLinearizeHelp;
      return ExitSuccess;
    }
    int handled = commonOption(arg, args, options);
    if (handled < 0)
      return ExitUsageError;
    if (handled > 0)
      continue;
    if (arg == "--at" || arg == "--start-time" || arg == "--tolerance") {
      if (!args.value(value))
        return usage("`" + arg + "` needs a number");
      auto number = parseNumber(value);
      if (!number)
        return usage("`" + arg + "`: `" + value + "` is not a number");
      if (arg == "--tolerance" && *number <= 0)
        return usage("`--tolerance` must be positive");
      (arg == "--at" ? linearize.at : arg == "--start-time" ? linearize.startTime
                                                             : linearize.tolerance) = *number;
    } else if (arg == "-o" || arg == "--output") {
      if (!args.value(linearize.output))
        return usage("`-o` needs a file name");
    } else if (!arg.empty() && arg[0] == '-') {
      return usage("unknown option `" + arg + "` for `linearize`");
    } else {
      options.files.push_back(arg);
    }
  }
  if (options.files.empty() && options.model.empty())
    return usage("`linearize` needs a FILE or -m MODEL");
  return runLinearize(options, linearize, std::cout, std::cerr);
}

#endif // MOCC_LAUNCHER

int runModelCommand(const std::string &command, Arguments &args) {
  CompileOptions options;
  SimulateOptions sim{NAN, NAN, NAN, 0, NAN, "", "", ""};
  FlattenOptions flatten;
  std::string arg;
  while (args.next(arg)) {
    if (arg == "--help" || arg == "-h")
      return commandHelp(command);
    int handled = commonOption(arg, args, options);
    if (handled == 0 && command == "simulate")
      handled = simulateOption(arg, args, sim);
    if (handled == 0 && command == "flatten" && arg == "--origins")
      handled = (flatten.origins = true, 1);
    if (handled == 0 && command == "flatten" && arg == "--emit") {
      std::string value;
      if (!args.value(value))
        return usage("`--emit` needs a value: `flat`, `index-reduced` or `plan`");
      if (value != "flat" && value != "index-reduced" && value != "plan")
        return usage("`--emit`: unknown value `" + value +
                     "` (`flat`, `index-reduced` or `plan`)");
      flatten.emit = value;
      handled = 1;
    }
    if (handled < 0)
      return ExitUsageError;
    if (handled > 0)
      continue;
    if (!arg.empty() && arg[0] == '-')
      return usage("unknown option `" + arg + "` for `" + command + "`");
    options.files.push_back(arg);
  }
  if (options.files.empty() && options.model.empty())
    return usage("`" + command + "` needs a FILE or -m MODEL");
#ifdef MOCC_LAUNCHER
  if (auto code = runSimulateCached(options, sim, std::cout, std::cerr))
    return *code;
  return runCompiler();
#else
  if (command == "check")
    return runCheck(options, std::cout, std::cerr);
  if (command == "flatten")
    return runFlatten(options, flatten, std::cout, std::cerr);
  return runSimulate(options, sim, std::cout, std::cerr);
#endif
}

/// Runs the command of argv[1].
int runCommand(int argc, char **argv) {
  if (argc < 2)
    return usage("no command given");
  std::string command = argv[1];
#ifdef MOCC_LAUNCHER
  if (command != "simulate")
    return runCompiler();
#endif
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return ExitSuccess;
  }
  if (command == "--version") {
    std::cout << "mocc 0.1.0\n";
    return ExitSuccess;
  }
  Arguments args(argc, argv, 2);
#ifdef MOCC_LAUNCHER
  return runModelCommand(command, args);
#else
  if (command == "parse")
    return runParseCommand(args);
  if (command == "check" || command == "flatten" || command == "simulate")
    return runModelCommand(command, args);
  if (command == "eval")
    return runEvalCommand(args);
  if (command == "linearize")
    return runLinearizeCommand(args);
  if (command == "plot")
    return runPlotCommand(args);
  if (command == "compare")
    return runCompareCommand(args);
  if (command == "test-library")
    return runTestLibraryCommand(args);
  return usage("unknown command `" + command + "`");
#endif
}

} // namespace

int main(int argc, char **argv) {
#ifdef MOCC_LAUNCHER
  arguments = argv;
  if (argc < 2 || std::string(argv[1]) != "simulate")
    return runCompiler();
#else
  // One malloc arena: the compiler works on a thread of its own (below),
  // which glibc would give an arena of 64 MiB heaps grown by mprotect,
  // page by page; the main arena grows in one piece (with huge pages, see
  // askForHugePages). The JIT's worker threads share it too, at a small cost
  // (DistributionSystemModelica_N_80_M_80's JIT 0.66 -> 0.72 s, its whole
  // compile 3.42 -> 3.13 s). TransmissionLineModelica_N_5120: 2.28 -> 1.81 s
  // to a ready JIT. A user's glibc.malloc.arena_max is kept.
  if (!tunableGiven("glibc.malloc.arena_max"))
    mallopt(M_ARENA_MAX, 1);
  // Fresh heap pages faulted in on the idle core (compiler/support/Prefault.h),
  // unless the user tunes malloc's top pad or thresholds, which it sets, or
  // MOCC_NO_PREFAULT is set (for comparisons).
  if (!std::getenv("MOCC_NO_PREFAULT") && !tunableGiven("glibc.malloc.top_pad") &&
      !tunableGiven("glibc.malloc.mmap_threshold") && !tunableGiven("glibc.malloc.trim_threshold"))
    mocc::startHeapPrefaulter();
#endif
  mocc::rt::installSignalHandlers();
  mocc::rt::guardUnexpectedExit();
#ifndef MOCC_LAUNCHER
  // The process ends with the command: its data is left to the end.
  mocc::driver::setProcessEndsWithCommand(true);
#endif
  // The compiler runs on a thread with a large stack, so that deeply nested
  // but legal input compiles (see compiler/support/Stack.h).
  int exitCode = mocc::runWithStack(mocc::compilerStackBytes(), [&] {
    mocc::rt::installAlternateStack();
    return runCommand(argc, argv);
  });
  // A run that a signal stopped ends by that signal, as shells expect
  // (status 128 + its number), once it has cleaned up.
  mocc::rt::commandFinished();
  if (int signal = mocc::rt::stopRequest())
    mocc::rt::endBySignal(signal);
  return exitCode;
}
