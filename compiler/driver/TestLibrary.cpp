// Implementation of `mocc test-library` (see TestLibrary.h): finding the
// models that have references, running them as child processes, reading
// what each child said, comparing results with references, and the lines,
// the summary and the reports.
#include "compiler/driver/TestLibrary.h"

#include "compiler/driver/ChildProcess.h"
#include "compiler/driver/Driver.h"
#include "compiler/driver/TestReport.h"
#include "compiler/instantiate/ClassTree.h"
#include "runtime/NumberFormat.h"
#include "runtime/ResultCompare.h"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mocc::driver {

const char *statusName(TestStatusKind status) {
  switch (status) {
  case TestStatusKind::Pass:
    return "pass";
  case TestStatusKind::Outside:
    return "outside";
  case TestStatusKind::Failed:
    return "failed";
  case TestStatusKind::Rejected:
    return "rejected";
  case TestStatusKind::Timeout:
    return "timeout";
  case TestStatusKind::Crash:
    return "crash";
  case TestStatusKind::NoModel:
    return "no-model";
  case TestStatusKind::NoReference:
    return "no-reference";
  }
  return "?";
}

namespace {

// --- Finding the models ----------------------------------------------------------------------

/// A model that has a reference result or is listed for comparison.
struct ModelEntry {
  std::string name;
  fs::path csv;     ///< the reference result; empty if there is none
  /// comparisonSignals.txt beside the reference; empty if there is none
  fs::path signals;
  /// The library's own comparisonSignals.txt (Resources/Reference/A/B/C/);
  /// empty if there is none. It names the signals of the library version
  /// under test and comes first (see compare).
  fs::path librarySignals;
  /// The simulate options that --reference-settings adds.
  std::vector<std::string> settings;
};

/// "A.B.C" for the folder A/B/C below `root`.
std::string dottedName(const fs::path &root, const fs::path &folder) {
  std::string name;
  for (const fs::path &part : folder.lexically_relative(root))
    name += (name.empty() ? "" : ".") + part.string();
  return name;
}

/// Every `<A/B/C>/C.csv` and `<A/B/C>/comparisonSignals.txt` below `root`.
void scanReferences(const fs::path &root, std::map<std::string, ModelEntry> &models,
                    bool csvFiles) {
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (!it->is_regular_file(ec))
      continue;
    const fs::path &path = it->path();
    fs::path folder = path.parent_path();
    std::string file = path.filename().string();
    // A/B/C/C.csv, or A.B.C/C.csv (a folder named by the dotted name).
    std::string folderName = folder.filename().string();
    bool isCsv = csvFiles && file == folderName.substr(folderName.rfind('.') + 1) + ".csv";
    bool isSignals = file == "comparisonSignals.txt";
    if (!isCsv && !isSignals)
      continue;
    std::string name = dottedName(root, folder);
    if (name.empty() || name == ".")
      continue;
    ModelEntry &entry = models[name];
    entry.name = name;
    if (isCsv)
      entry.csv = path;
    else if (!csvFiles && entry.librarySignals.empty())
      entry.librarySignals = path;
    else if (csvFiles && entry.signals.empty())
      entry.signals = path;
  }
}

/// Whether `name` is selected: it is a filter or starts with one and a dot.
bool selected(const std::string &name, const std::vector<std::string> &filters) {
  if (filters.empty())
    return true;
  for (const std::string &f : filters)
    if (name == f ||
        (name.size() > f.size() && name.compare(0, f.size(), f) == 0 && name[f.size()] == '.'))
      return true;
  return false;
}

std::vector<std::string> splitDots(const std::string &name) {
  std::vector<std::string> parts;
  std::stringstream in(name);
  std::string part;
  while (std::getline(in, part, '.'))
    parts.push_back(part);
  return parts;
}

/// The value of a literal number in an annotation (`1e-6`, `-2`, `2*5`).
std::optional<double> literalValue(const ast::Expr *e) {
  if (auto *i = ast::dynCast<ast::IntegerExpr>(e))
    return static_cast<double>(i->value);
  if (auto *r = ast::dynCast<ast::RealExpr>(e))
    return r->value;
  if (auto *u = ast::dynCast<ast::UnaryExpr>(e)) {
    auto v = literalValue(u->operand.get());
    if (v && (u->op == ast::UnaryOpKind::Minus || u->op == ast::UnaryOpKind::Plus))
      return u->op == ast::UnaryOpKind::Minus ? -*v : *v;
    return std::nullopt;
  }
  if (auto *b = ast::dynCast<ast::BinaryExpr>(e)) {
    auto l = literalValue(b->lhs.get()), r = literalValue(b->rhs.get());
    if (!l || !r)
      return std::nullopt;
    switch (b->op) {
    case ast::BinaryOpKind::Add:
      return *l + *r;
    case ast::BinaryOpKind::Sub:
      return *l - *r;
    case ast::BinaryOpKind::Mul:
      return *l * *r;
    case ast::BinaryOpKind::Div:
      return *l / *r;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

/// The settings MAP-LIB's references were made with (their creation.txt
/// files say so): a tenth of the experiment's Tolerance, 1e-6 without one;
/// half its Interval, (stop - start)/5000 without one. The values are read
/// from the class's own experiment annotation, as `simulate` reads them.
std::vector<std::string> referenceSettings(const inst::ClassNode &cls) {
  std::map<std::string, double> experiment;
  if (cls.def && cls.def->annotation)
    for (const ast::Argument &arg : cls.def->annotation->arguments) {
      if (arg.path.parts.size() != 1 || arg.path.parts[0] != "experiment" || !arg.mod)
        continue;
      for (const ast::Argument &setting : arg.mod->arguments)
        if (setting.path.parts.size() == 1 && setting.mod && setting.mod->binding)
          if (auto v = literalValue(setting.mod->binding.get()))
            experiment[setting.path.parts[0]] = *v;
    }
  auto get = [&](const char *key, double fallback) {
    auto it = experiment.find(key);
    return it == experiment.end() ? fallback : it->second;
  };
  double start = get("StartTime", 0), stop = get("StopTime", 1);
  double tolerance = experiment.count("Tolerance") ? 0.1 * experiment["Tolerance"] : 1e-6;
  double interval =
      experiment.count("Interval") ? 0.5 * experiment["Interval"] : (stop - start) / 5000;
  return {"--tolerance", rt::formatNumber(tolerance), "--interval", rt::formatNumber(interval)};
}

/// The selected models, by name.
struct Selection {
  std::vector<ModelEntry> run;      ///< models to simulate, by name
  std::vector<ModelOutcome> notRun; ///< no model, no reference
};

/// The library folders of the top-level packages the references name.
void scanLibraryReferences(inst::ClassTree &tree, std::map<std::string, ModelEntry> &models,
                           const std::vector<std::string> &filters) {
  std::vector<std::string> tops;
  for (const auto &[name, entry] : models)
    tops.push_back(name.substr(0, name.find('.')));
  for (const std::string &f : filters)
    tops.push_back(f.substr(0, f.find('.')));
  std::sort(tops.begin(), tops.end());
  tops.erase(std::unique(tops.begin(), tops.end()), tops.end());
  for (const std::string &top : tops) {
    inst::ClassNode *node = tree.lookupTopLevel(top);
    if (!node || node->packageDirectory().empty())
      continue;
    fs::path root = fs::path(node->packageDirectory()) / "Resources" / "Reference";
    std::error_code ec;
    if (fs::is_directory(root, ec))
      scanReferences(root, models, false);
  }
}

Selection findModels(const TestLibraryOptions &options, std::ostream &err) {
  std::map<std::string, ModelEntry> models;
  scanReferences(options.references, models, true);
  // The library's own lists of signals, where the references have none.
  SourceManager sources;
  std::ostringstream quiet; // the parent reports nothing of the library's files
  Diagnostics diags(sources, quiet);
  inst::ClassTree tree(sources, diags);
  for (const std::string &lib : options.libraries)
    tree.addLibrary(lib, inst::ClassTree::LibraryKind::Given);
  if (const char *path = std::getenv("MODELICAPATH")) {
    std::stringstream list(path);
    std::string dir;
    while (std::getline(list, dir, ':'))
      if (!dir.empty())
        tree.addLibrary(dir);
  }
  tree.addLibrary(bundledLibrary(), inst::ClassTree::LibraryKind::Bundled); // as `simulate` looks models up
  scanLibraryReferences(tree, models, options.filters);
  Selection selection;
  for (auto &[name, entry] : models) {
    if (!selected(name, options.filters))
      continue;
    ModelOutcome outcome;
    outcome.name = name;
    if (entry.csv.empty()) {
      outcome.status = TestStatusKind::NoReference;
      outcome.message =
          "listed for comparison (" +
          (entry.librarySignals.empty() ? entry.signals : entry.librarySignals).string() +
          ") without a reference result";
      selection.notRun.push_back(std::move(outcome));
      continue;
    }
    std::vector<std::string> parts = splitDots(name);
    inst::ClassNode *cls = tree.lookupPath(parts);
    if (!cls) {
      inst::ClassNode *enclosing = nullptr; // the deepest package on the way
      for (size_t n = parts.size() - 1; n > 0 && !enclosing; --n)
        enclosing = tree.lookupPath({parts.begin(), parts.begin() + static_cast<long>(n)});
      outcome.status = TestStatusKind::NoModel;
      outcome.message =
          enclosing && enclosing->inBundledSubset()
              ? inst::notInBundledSubset(name)
              : "the reference " + entry.csv.string() + " names a model that is not in the library";
      selection.notRun.push_back(std::move(outcome));
      continue;
    }
    if (options.referenceSettings)
      entry.settings = referenceSettings(*cls);
    selection.run.push_back(std::move(entry));
  }
  (void)err;
  return selection;
}

// --- Reading a child's output ----------------------------------------------------------------

/// A log, or of a long one (thousands of warnings) its first `head` and
/// last `tail` bytes: the phase times and the error come last.
std::string readLog(const fs::path &path, size_t head, size_t tail) {
  std::ifstream in(path, std::ios::binary);
  std::error_code ec;
  size_t size = static_cast<size_t>(fs::file_size(path, ec));
  if (ec)
    return "";
  auto read = [&](size_t from, size_t count) {
    std::string text(count, '\0');
    in.seekg(static_cast<std::streamoff>(from));
    in.read(text.data(), static_cast<std::streamsize>(count));
    text.resize(static_cast<size_t>(in.gcount()));
    return text;
  };
  if (size <= head + tail)
    return read(0, size);
  std::string text = read(0, head);
  text = text.substr(0, text.rfind('\n') + 1) + "...\n";
  std::string end = read(size - tail, tail);
  return text + end.substr(std::min(end.find('\n') + 1, end.size()));
}

std::vector<std::string> lines(const std::string &text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string line;
  while (std::getline(in, line))
    out.push_back(line);
  return out;
}

/// The phase times that `--time-phases` printed: compile (parse to jit)
/// and run (initialization, integration, output) seconds; false if none.
bool phaseTimes(const std::vector<std::string> &log, double &compile, double &run) {
  static const char *const kRun[] = {"initialization", "integration", "output"};
  bool found = false, inTable = false;
  compile = run = 0;
  for (const std::string &line : log) {
    if (line == "phase times:") {
      found = inTable = true;
      compile = run = 0;
      continue;
    }
    if (!inTable)
      continue;
    if (line.size() < 3 || line[0] != ' ' || line.back() != 's') {
      inTable = false;
      continue;
    }
    // "  name             12.3456 s"
    size_t end = line.size() - 2;
    size_t begin = line.rfind(' ', end - 1);
    if (begin == std::string::npos)
      continue;
    std::string phase = line.substr(2, line.find_last_not_of(' ', begin) - 1);
    double seconds = std::strtod(line.c_str() + begin + 1, nullptr);
    if (phase == "total" || phase == "peak memory")
      continue;
    bool isRun = std::find(std::begin(kRun), std::end(kRun), phase) != std::end(kRun);
    (isRun ? run : compile) += seconds;
  }
  return found;
}

/// Whether a line of the log starts something of its own (a diagnostic, a
/// note, the phase times, a source line under a diagnostic), rather than
/// continuing a message that holds line breaks (an assert's).
bool startsEntry(const std::string &line) {
  return line.empty() || line[0] == ' ' || line.rfind("mocc: ", 0) == 0 ||
         line.rfind("note: ", 0) == 0 || line.find(": note: ") != std::string::npos ||
         line.find(": error: ") != std::string::npos ||
         line.find(": warning: ") != std::string::npos || line == "phase times:";
}

/// The first error of the log ("file:line:col: error: ..." whole, "mocc:
/// error: " dropped; the lines of a message that holds line breaks joined
/// by spaces), else its first line.
std::string firstError(const std::vector<std::string> &log) {
  for (size_t i = 0; i < log.size(); ++i) {
    const std::string &line = log[i];
    bool ours = line.rfind("mocc: error: ", 0) == 0;
    if (!ours && line.find(": error: ") == std::string::npos)
      continue;
    std::string message = ours ? line.substr(13) : line;
    for (size_t j = i + 1; j < log.size() && !startsEntry(log[j]); ++j)
      message += (message.empty() || message.back() == ' ' ? "" : " ") + log[j];
    return message;
  }
  for (const std::string &line : log)
    if (!line.empty() && line != "phase times:" && line[0] != ' ')
      return line;
  return "";
}

// --- Comparing -------------------------------------------------------------------------------

/// The signals of a comparisonSignals.txt (none for an empty path).
std::vector<std::string> readSignals(const fs::path &list) {
  std::vector<std::string> signals;
  if (!list.empty()) {
    std::ifstream in(list);
    std::string line;
    while (std::getline(in, line)) {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
        line.pop_back();
      size_t begin = line.find_first_not_of(" \t");
      if (begin == std::string::npos)
        continue;
      line = line.substr(begin);
      // A line that starts with `//` is a comment (MSL 4.1.0's
      // HoldWithDAeffects1 lists `// shiftSample1.y`, a signal it dropped).
      if (line != "time" && line != "Time" && line.rfind("//", 0) != 0)
        signals.push_back(line);
    }
  }
  return signals;
}

/// At most `buckets` * 4 points of (t, y): in each of `buckets` equal
/// spans of time, the first, least, greatest and last point (the M4
/// aggregation of Jugel et al., "M4: A Visualization-Oriented Time Series
/// Data Aggregation", VLDB 2014), which draws the same picture at that
/// width as all points do.
Curve decimate(const std::vector<double> &t, const std::vector<double> &y, size_t buckets) {
  Curve out;
  if (t.empty())
    return out;
  double t0 = t.front(), t1 = t.back();
  double width = t1 > t0 ? (t1 - t0) / static_cast<double>(buckets) : 1;
  size_t i = 0, n = std::min(t.size(), y.size());
  while (i < n) {
    auto bucket = static_cast<size_t>(std::min((t[i] - t0) / width, double(buckets - 1)));
    size_t first = i, least = i, greatest = i, last = i;
    for (; i < n; ++i) {
      auto b = static_cast<size_t>(std::min((t[i] - t0) / width, double(buckets - 1)));
      if (b != bucket)
        break;
      if (y[i] < y[least] || std::isnan(y[least]))
        least = i;
      if (y[i] > y[greatest] || std::isnan(y[greatest]))
        greatest = i;
      last = i;
    }
    size_t keep[] = {first, least, greatest, last};
    std::sort(std::begin(keep), std::end(keep));
    for (size_t k = 0; k < 4; ++k)
      if (k == 0 || keep[k] != keep[k - 1]) {
        out.t.push_back(t[keep[k]]);
        out.y.push_back(y[keep[k]]);
      }
  }
  return out;
}

constexpr size_t plotBuckets = 250;
/// The zoomed plot spans a twenty-fifth of the run: fewer points draw it.
constexpr size_t zoomBuckets = 100;
/// The signals of one model that the HTML page plots; the others are
/// listed with their first failure.
constexpr size_t plottedSignals = 4;

/// The points of (t, y) within [t0, t1] and the one on either side.
void cut(const std::vector<double> &t, const std::vector<double> &y, double t0, double t1,
         std::vector<double> &tOut, std::vector<double> &yOut) {
  size_t first = static_cast<size_t>(std::lower_bound(t.begin(), t.end(), t0) - t.begin());
  size_t last = static_cast<size_t>(std::upper_bound(t.begin(), t.end(), t1) - t.begin());
  first = first > 0 ? first - 1 : 0;
  last = std::min(last + 1, t.size());
  tOut.assign(t.begin() + static_cast<std::ptrdiff_t>(first),
              t.begin() + static_cast<std::ptrdiff_t>(last));
  yOut.assign(y.begin() + static_cast<std::ptrdiff_t>(first),
              y.begin() + static_cast<std::ptrdiff_t>(last));
}

/// The plot of a signal over [t0, t1]: the curves cut to it and
/// decimated, and the tube's curves at the times where their shape can
/// bend (each reference time and the times dx before and after it).
PlotData plotData(const std::vector<double> &refT, const std::vector<double> &refY,
                  const std::vector<double> *resT, const std::vector<double> *resY,
                  double tolerance, double t0, double t1, size_t buckets) {
  PlotData plot;
  std::vector<double> t, y;
  cut(refT, refY, t0, t1, t, y);
  plot.reference = decimate(t, y, buckets);
  if (resT && resY) {
    cut(*resT, *resY, t0, t1, t, y);
    plot.result = decimate(t, y, buckets);
  }
  rt::TubeSize size = rt::tubeSize(refT, refY, tolerance);
  std::vector<double> times;
  cut(refT, refY, t0 - size.dx, t1 + size.dx, t, y);
  times.reserve(3 * t.size());
  for (double at : t)
    for (double s : {at - size.dx, at, at + size.dx})
      if (s >= std::max(t0, refT.front()) && s <= std::min(t1, refT.back()))
        times.push_back(s);
  std::sort(times.begin(), times.end());
  std::vector<double> lower(times.size()), upper(times.size());
  for (size_t k = 0; k < times.size(); ++k)
    std::tie(lower[k], upper[k]) = rt::tubeBounds(refT, refY, size, times[k]);
  plot.tubeLower = decimate(times, lower, buckets);
  plot.tubeUpper = decimate(times, upper, buckets);
  return plot;
}

/// The share of the reference's time range on either side of the first
/// failure that the zoomed plot shows.
constexpr double zoomShare = 0.02;

/// Compares the result with the reference; sets the outcome's status.
void compare(const ModelEntry &entry, const fs::path &resultPath, double tolerance,
             ModelOutcome &outcome) {
  std::string error;
  // Only the columns compared are read: a result holds every variable and
  // parameter, thousands of columns in a big model.
  // The signals to compare: the library's own list (the library version
  // under test: MSL 4.1.0 dropped signals that its models no longer have,
  // EngineGasForce's gasForce.dens, and the friction elements'
  // startForward and startBackward, whose pulses at a w = 0 tie last a
  // nanosecond in one tool and none in another, from lists that MAP-LIB's
  // references, made with 4.0.0-rc.1, still carry) as far as the reference
  // has them: a signal it lacks (added to the library after the reference
  // was made) cannot be judged and is named in the report, not compared.
  // Where the reference has none of them (the library renamed what its
  // list names), the list beside the reference; without either, every
  // column of the reference.
  std::vector<std::string> library = readSignals(entry.librarySignals);
  std::vector<std::string> beside = readSignals(entry.signals);
  std::vector<std::string> wanted = library;
  wanted.insert(wanted.end(), beside.begin(), beside.end());
  std::sort(wanted.begin(), wanted.end());
  wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
  auto reference = rt::readResultTable(entry.csv.string(), error, wanted.empty() ? nullptr : &wanted);
  if (!reference) {
    outcome.status = TestStatusKind::NoReference;
    outcome.message = "the reference cannot be read: " + error;
    return;
  }
  std::vector<std::string> signals;
  for (const std::string &name : library)
    (reference->column(name) ? signals : outcome.notCompared).push_back(name);
  if (signals.empty()) {
    outcome.notCompared.clear();
    signals = beside;
  }
  if (signals.empty())
    signals.assign(reference->names.begin() + 1, reference->names.end());
  auto result = rt::readResultTable(resultPath.string(), error, &signals);
  if (!result) {
    outcome.status = TestStatusKind::Failed;
    outcome.message = "the result cannot be read: " + error;
    return;
  }
  outcome.signalsCompared = signals.size();
  for (const rt::SignalComparison &c :
       rt::compareResults(*result, *reference, signals, tolerance)) {
    if (c.passed)
      continue;
    SignalFailure f;
    f.name = c.name;
    f.detail = c.detail;
    f.missing = std::isnan(c.time);
    f.time = c.time;
    f.value = c.value;
    f.lower = c.lower;
    f.upper = c.upper;
    f.outside = c.outside;
    const std::vector<double> *ref = reference->column(c.name);
    const std::vector<double> *res = result->column(c.name);
    if (ref && outcome.failures.size() < plottedSignals) {
      const std::vector<double> &refT = reference->columns[0], *resT = &result->columns[0];
      f.whole = plotData(refT, *ref, resT, res, tolerance, refT.front(), refT.back(), plotBuckets);
      if (!f.missing) {
        double span = zoomShare * (refT.back() - refT.front());
        f.zoom = plotData(refT, *ref, resT, res, tolerance, std::max(refT.front(), f.time - span),
                          std::min(refT.back(), f.time + span), zoomBuckets);
      }
    }
    outcome.failures.push_back(std::move(f));
  }
  if (outcome.failures.empty()) {
    outcome.status = TestStatusKind::Pass;
    return;
  }
  const SignalFailure &first = outcome.failures.front();
  outcome.status = TestStatusKind::Outside;
  std::string where =
      first.missing ? "`" + first.name + "` " + first.detail
                    : "`" + first.name + "` leaves the tube at t = " + rt::formatTime(first.time) +
                          " (" + rt::formatTime(first.value) + " not in [" +
                          rt::formatTime(first.lower) + ", " + rt::formatTime(first.upper) + "])";
  outcome.message = where + "; " + std::to_string(outcome.failures.size()) + " of " +
                    std::to_string(signals.size()) + " signals fail";
}

// --- Running ---------------------------------------------------------------------------------

volatile std::sig_atomic_t interrupted = 0;
extern "C" void onInterrupt(int sig) { interrupted = sig; }

/// Catches SIGINT, SIGTERM and SIGHUP while the run lasts, so that the
/// children (in process groups of their own) are killed with it.
class InterruptGuard {
public:
  InterruptGuard() {
    interrupted = 0;
    struct sigaction action {};
    action.sa_handler = onInterrupt;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < 3; ++i)
      sigaction(kSignals[i], &action, &saved_[i]);
  }
  ~InterruptGuard() {
    for (size_t i = 0; i < 3; ++i)
      sigaction(kSignals[i], &saved_[i], nullptr);
  }

private:
  static constexpr int kSignals[3] = {SIGINT, SIGTERM, SIGHUP};
  struct sigaction saved_[3];
};

/// A model's result and log in the work folder are named by its dotted
/// name (`A.B.C.csv`, `A.B.C.log`).
std::string fileStem(const std::string &name) { return name; }

/// Removes what a killed child left of its result (`A.B.C.csv.tmp...`, the
/// temporary name it writes under).
void removeTemporaryResults(const fs::path &work, const std::string &name) {
  std::string prefix = fileStem(name) + ".csv.tmp";
  std::error_code ec;
  std::vector<fs::path> left;
  for (auto it = fs::directory_iterator(work, ec); !ec && it != fs::end(it); it.increment(ec))
    if (it->path().filename().string().rfind(prefix, 0) == 0)
      left.push_back(it->path());
  for (const fs::path &path : left)
    fs::remove(path, ec);
}

struct Running {
  ChildProcess child;
  size_t index; ///< into Selection::run
};

/// The outcome of a model whose child has ended.
ModelOutcome finish(const ModelEntry &entry, const ChildExit &exit, const fs::path &work,
                    const TestLibraryOptions &options) {
  ModelOutcome outcome;
  outcome.name = entry.name;
  outcome.exitCode = exit.exitCode;
  outcome.signal = exit.signal;
  outcome.wallSeconds = exit.seconds;
  fs::path log = work / (fileStem(entry.name) + ".log");
  fs::path result = work / (fileStem(entry.name) + ".csv");
  std::vector<std::string> logLines = lines(readLog(log, size_t{1} << 16, size_t{1} << 18));
  if (!phaseTimes(logLines, outcome.compileSeconds, outcome.runSeconds))
    outcome.compileSeconds = exit.seconds;
  if (exit.timedOut) {
    outcome.status = TestStatusKind::Timeout;
    outcome.message = "no result after " + rt::formatTime(options.timeout) + " s";
  } else if (exit.signal != 0) {
    outcome.status = TestStatusKind::Crash;
    outcome.message =
        "ended by signal " + std::to_string(exit.signal) + " (" + strsignal(exit.signal) + ")";
    std::string error = firstError(logLines);
    if (!error.empty())
      outcome.message += ": " + error;
  } else if (exit.exitCode == ExitSimulationError) {
    outcome.status = TestStatusKind::Failed;
    outcome.message = firstError(logLines);
  } else if (exit.exitCode != ExitSuccess) {
    outcome.status = TestStatusKind::Rejected;
    outcome.message = firstError(logLines);
    if (outcome.message.empty())
      outcome.message = "exit code " + std::to_string(exit.exitCode);
  } else {
    compare(entry, result, options.tube, outcome);
  }
  removeTemporaryResults(work, entry.name);
  if (!options.keepResults) {
    std::error_code ec;
    fs::remove(log, ec);
    fs::remove(result, ec);
  }
  return outcome;
}

/// "0.25 s", "12.3 s".
std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, s < 10 ? "%.2f s" : "%.1f s", s);
  return text;
}

/// "pass     A.B.C  compile 1.2 s  run 0.3 s: message".
void printOutcome(const ModelOutcome &o, size_t done, size_t total, std::ostream &out) {
  char status[16];
  std::snprintf(status, sizeof status, "%-8s", statusName(o.status));
  std::string counter; // none for the models that do not run
  if (total > 0) {
    std::string n = std::to_string(total), k = std::to_string(done);
    counter = "[" + std::string(n.size() - std::min(n.size(), k.size()), ' ') + k + "/" + n + "] ";
  }
  out << counter << status << " " << o.name;
  bool ran = o.status != TestStatusKind::NoModel && o.status != TestStatusKind::NoReference;
  if (ran) {
    if (o.status == TestStatusKind::Timeout || o.status == TestStatusKind::Crash ||
        o.status == TestStatusKind::Rejected)
      out << "  after " << seconds(o.wallSeconds);
    else
      out << "  compile " << seconds(o.compileSeconds) << "  run " << seconds(o.runSeconds);
  }
  if (!o.message.empty() && o.status != TestStatusKind::Pass)
    out << ": " << o.message;
  if (!o.notCompared.empty()) {
    out << " (not in the reference, not compared:";
    for (size_t i = 0; i < o.notCompared.size(); ++i)
      out << (i ? ", `" : " `") << o.notCompared[i] << "`";
    out << ")";
  }
  out << "\n" << std::flush;
}

/// The package a model is summed up under: two levels below the longest
/// filter it matches, and at most its enclosing package.
std::string packageOf(const std::string &name, const std::vector<std::string> &filters) {
  size_t depth = 0;
  for (const std::string &f : filters)
    if (selected(name, {f}))
      depth = std::max(depth, splitDots(f).size());
  std::vector<std::string> parts = splitDots(name);
  size_t keep = std::min(depth + 2, parts.size() > 1 ? parts.size() - 1 : 1);
  std::string package;
  for (size_t i = 0; i < keep; ++i)
    package += (i ? "." : "") + parts[i];
  return package;
}

std::vector<PackageSummary> summarize(const std::vector<ModelOutcome> &outcomes,
                                      const std::vector<std::string> &filters) {
  std::map<std::string, PackageSummary> packages;
  for (const ModelOutcome &o : outcomes) {
    if (o.status == TestStatusKind::NoReference)
      continue;
    PackageSummary &p = packages[packageOf(o.name, filters)];
    p.name = packageOf(o.name, filters);
    ++p.total;
    p.passed += o.status == TestStatusKind::Pass;
  }
  std::vector<PackageSummary> out;
  for (auto &[name, p] : packages)
    out.push_back(p);
  return out;
}

void printSummary(const std::vector<ModelOutcome> &outcomes,
                  const std::vector<PackageSummary> &packages, std::ostream &out) {
  size_t width = 0;
  for (const PackageSummary &p : packages)
    width = std::max(width, p.name.size());
  out << "\nsummary by package:\n";
  for (const PackageSummary &p : packages) {
    out << "  " << p.name << std::string(width - p.name.size() + 2, ' ') << p.passed << "/"
        << p.total << "\n";
  }
  std::map<TestStatusKind, size_t> counts;
  for (const ModelOutcome &o : outcomes)
    ++counts[o.status];
  size_t total = outcomes.size() - counts[TestStatusKind::NoReference];
  out << "total: " << counts[TestStatusKind::Pass] << " of " << total << " pass";
  std::string sep = " (";
  for (TestStatusKind k :
       {TestStatusKind::Outside, TestStatusKind::Failed, TestStatusKind::Rejected,
        TestStatusKind::Timeout, TestStatusKind::Crash, TestStatusKind::NoModel})
    if (counts[k]) {
      out << sep << counts[k] << " " << statusName(k);
      sep = ", ";
    }
  out << (sep == ", " ? ")" : "");
  if (counts[TestStatusKind::NoReference])
    out << "; " << counts[TestStatusKind::NoReference]
        << " listed for comparison without a reference result";
  out << "\n";
}

/// The arguments of the `mocc simulate` run of one model.
std::vector<std::string> simulateCommand(const ModelEntry &entry, const fs::path &work,
                                         const TestLibraryOptions &options) {
  std::vector<std::string> argv = {
      options.executable, "simulate", "-m",
      entry.name,         "-o",       (work / (fileStem(entry.name) + ".csv")).string(),
      "--time-phases"};
  for (const std::string &lib : options.libraries)
    argv.insert(argv.end(), {"--lib", lib});
  for (const std::string &dir : options.libraryPath)
    argv.insert(argv.end(), {"--library-path", dir});
  argv.insert(argv.end(), entry.settings.begin(), entry.settings.end());
  return argv;
}

/// Runs every model, at most `jobs` at once; false if interrupted.
bool runModels(const std::vector<ModelEntry> &models, const fs::path &work,
               const TestLibraryOptions &options, unsigned jobs,
               std::vector<ModelOutcome> &outcomes, std::ostream &out, std::ostream &err) {
  InterruptGuard guard;
  std::vector<Running> running;
  size_t next = 0, done = 0;
  while (next < models.size() || !running.empty()) {
    if (interrupted) {
      for (Running &r : running)
        r.child.kill();
      return false;
    }
    while (running.size() < jobs && next < models.size()) {
      const ModelEntry &entry = models[next];
      std::error_code ec;
      fs::path log = work / (fileStem(entry.name) + ".log");
      fs::remove(log, ec);
      fs::remove(work / (fileStem(entry.name) + ".csv"), ec);
      Running r{ChildProcess{}, next++};
      std::string error;
      if (!r.child.start(simulateCommand(entry, work, options), log.string(), options.timeout,
                         error)) {
        err << "mocc: error: " << error << "\n";
        for (Running &other : running)
          other.child.kill();
        return false;
      }
      running.push_back(std::move(r));
    }
    bool ended = false;
    for (size_t i = 0; i < running.size();) {
      ChildExit exit;
      if (!running[i].child.poll(exit)) {
        ++i;
        continue;
      }
      ModelOutcome outcome = finish(models[running[i].index], exit, work, options);
      printOutcome(outcome, ++done, models.size(), out);
      outcomes.push_back(std::move(outcome));
      running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
      ended = true;
    }
    if (!ended)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

/// A new folder for the results of a run that does not keep them.
std::optional<fs::path> temporaryFolder(std::string &error) {
  std::error_code ec;
  fs::path base = fs::temp_directory_path(ec);
  if (ec)
    base = "/tmp";
  std::string pattern = (base / "mocc-test-library-XXXXXX").string();
  if (!mkdtemp(pattern.data())) {
    error = "cannot create a temporary folder in `" + base.string() + "`: " + std::strerror(errno);
    return std::nullopt;
  }
  return fs::path(pattern);
}

} // namespace

int runTestLibrary(const TestLibraryOptions &given, std::ostream &out, std::ostream &err) {
  TestLibraryOptions options = given;
  if (options.executable.empty())
    options.executable = currentExecutable();
  std::error_code ec;
  if (options.references.empty() || !fs::is_directory(options.references, ec)) {
    err << "mocc: error: the folder of reference results `" << options.references
        << "` does not exist\n";
    return ExitUsageError;
  }
  for (const std::string &lib : options.libraries)
    if (!fs::exists(lib, ec)) {
      err << "mocc: error: library `" << lib << "` does not exist\n";
      return ExitUsageError;
    }
  Selection selection = findModels(options, err);
  if (selection.run.empty() && selection.notRun.empty()) {
    err << "mocc: error: no reference result in `" << options.references << "`";
    if (!options.filters.empty())
      err << " is for a model that the filter selects";
    err << "\n";
    return ExitUsageError;
  }
  // Where the results go while they are compared.
  fs::path report = options.reportDir;
  fs::create_directories(report, ec);
  if (ec) {
    err << "mocc: error: cannot create the report folder `" << report.string()
        << "`: " << ec.message() << "\n";
    return ExitUsageError;
  }
  fs::path work;
  if (options.keepResults) {
    work = report / "results";
    fs::create_directories(work, ec);
  } else {
    std::string error;
    auto folder = temporaryFolder(error);
    if (!folder) {
      err << "mocc: error: " << error << "\n";
      return ExitUsageError;
    }
    work = *folder;
  }
  unsigned jobs = options.jobs ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  std::vector<ModelOutcome> outcomes;
  for (ModelOutcome &o : selection.notRun) {
    printOutcome(o, 0, 0, out);
    outcomes.push_back(std::move(o));
  }
  auto started = std::chrono::steady_clock::now();
  bool complete = runModels(selection.run, work, options, jobs, outcomes, out, err);
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (!options.keepResults)
    fs::remove_all(work, ec);
  if (!complete) {
    err << "mocc: error: interrupted; " << outcomes.size() << " model(s) had finished\n";
    return interrupted ? 128 + interrupted : ExitSimulationError;
  }
  std::sort(outcomes.begin(), outcomes.end(),
            [](const ModelOutcome &a, const ModelOutcome &b) { return a.name < b.name; });
  std::vector<PackageSummary> packages = summarize(outcomes, options.filters);
  printSummary(outcomes, packages, out);
  ReportInfo info{options, wall, jobs};
  std::string error;
  if (!writeReports(report, outcomes, packages, info, error)) {
    err << "mocc: error: " << error << "\n";
    return ExitSimulationError;
  }
  out << "report: " << (report / "report.html").string() << ", "
      << (report / "report.json").string() << "\n";
  bool allPass = std::all_of(outcomes.begin(), outcomes.end(), [](const ModelOutcome &o) {
    return o.status == TestStatusKind::Pass || o.status == TestStatusKind::NoReference;
  });
  return allPass && !selection.run.empty() ? ExitSuccess : ExitModelError;
}

} // namespace mocc::driver
