// Implementation of the commands: loading sources and libraries, choosing
// the model, and running the phases (one call each) with their timings.
#include "compiler/driver/Driver.h"

#include "compiler/driver/ModelCache.h"
#include "compiler/driver/Names.h"
#include "compiler/driver/Overrides.h"
#include "compiler/driver/Plot.h"
#include "compiler/driver/Run.h"

#include "compiler/ast/ASTPrinter.h"
#include "compiler/backend/Backend.h"
#include "compiler/causalize/Causalize.h"
#include "compiler/check/Check.h"
#include "compiler/causalize/NonFiniteExplainer.h"
#include "compiler/ccode/CCompiler.h"
#include "compiler/ccode/SharedLibrary.h"
#include "compiler/flat/Verify.h"
#include "compiler/flatten/Flatten.h"
#include "compiler/instantiate/Instance.h"
#include "compiler/jit/FunctionLibrary.h"
#include "compiler/jit/Jit.h"
#include "compiler/jit/NativeCalls.h"
#include "compiler/parse/Parser.h"
#include "compiler/plan/Printer.h"
#include "compiler/plan/Verify.h"
#include "runtime/ModelicaUtilities.h"
#include "runtime/OutputFile.h"
#include "runtime/OutputGrid.h"
#include "compiler/support/Stack.h"
#include "compiler/support/Text.h"
#include "runtime/ResultCompare.h"
#include "runtime/ResultWriter.h"
#include "runtime/Signals.h"
#include "runtime/Simulator.h"
#include "runtime/Linearize.h"
#include "runtime/NumberFormat.h"


#include <algorithm>
#include <charconv>
#include <chrono>
#include <functional>
#include <unordered_map>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mocc::driver {

namespace {

bool processEndsWithCommand = false;

/// `object`, moved to the heap and never freed when the process ends with
/// the command (setProcessEndsWithCommand); its own destruction then costs
/// nothing. Kept reachable, so a leak checker does not count it.
template <class T> void leaveToProcessEnd(T &object) {
  if (!processEndsWithCommand)
    return;
  static auto *kept = new std::vector<void *>;
  kept->push_back(new T(std::move(object)));
}

/// Calls leaveToProcessEnd on each object when it goes out of scope
/// (declared after them: it runs first).
template <class... T> struct LeftToProcessEnd {
  std::tuple<T &...> objects;
  explicit LeftToProcessEnd(T &...o) : objects(o...) {}
  ~LeftToProcessEnd() {
    std::apply([](auto &...o) { (leaveToProcessEnd(o), ...); }, objects);
  }
};

/// The objects every compiling command shares.
struct Session : RunState {
  explicit Session(std::ostream &err)
      : diags(sources, err), tree(sources, diags), instantiator(tree, diags) {}
  SourceManager sources;
  Diagnostics diags;
  inst::ClassTree tree;
  inst::Instantiator instantiator;
  /// Runs external functions while translating (NativeCalls.h).
  std::unique_ptr<jit::NativeCalls> native;
};

/// Runs a command on its session and turns the failures that no phase
/// reports itself into diagnostics: input nested too deeply for the
/// compiler's stack (at the source range the phase was working on) and
/// memory exhausted (naming the phase); exit 1, or 3 for memory exhausted
/// while the model's code runs.
int guarded(Session &s, const std::function<int()> &command) {
  try {
    return command();
  } catch (const NestingTooDeep &e) {
    s.diags.report(diag::NestsTooDeeply, e.where, {e.what, e.levels});
  } catch (const std::bad_alloc &) {
    s.diags.report(diag::OutOfMemoryWhile, {}, {s.phase});
    return s.running ? ExitSimulationError : ExitModelError;
  }
  return ExitModelError;
}

/// Why a `--lib` argument cannot be used, empty if it can: a directory or
/// a readable regular file.
std::string unusableLibrary(const std::string &lib) {
  std::error_code ec;
  if (fs::is_directory(lib, ec))
    return {};
  std::string problem = unreadableFile(lib);
  return problem.empty() ? problem : "`--lib`: " + problem;
}

/// Checks that every file argument can be read (a usage error otherwise,
/// exit code 2, before any parsing); returns an exit code.
int checkInputFiles(const CompileOptions &options, Diagnostics &diags) {
  for (const std::string &lib : options.libraries)
    if (std::string problem = unusableLibrary(lib); !problem.empty()) {
      diags.report(diag::FileArgumentProblem, {}, {problem});
      return ExitUsageError;
    }
  for (const std::string &file : options.files)
    if (std::string problem = unreadableFile(file); !problem.empty()) {
      diags.report(diag::FileArgumentProblem, {}, {problem});
      return ExitUsageError;
    }
  return ExitSuccess;
}

/// Registers libraries and reads the user's files; returns an exit code
/// (ExitSuccess to go on).
int loadSources(Session &s, const CompileOptions &options) {
  if (int code = checkInputFiles(options, s.diags); code != ExitSuccess)
    return code;
  for (const std::string &lib : options.libraries)
    s.tree.addLibrary(lib, inst::ClassTree::LibraryKind::Given);
  for (const std::string &dir : modelicaPath())
    s.tree.addLibrary(dir);
  s.tree.addLibrary(bundledLibrary(), inst::ClassTree::LibraryKind::Bundled);
  auto start = Clock::now();
  bool ok = true;
  for (const std::string &file : options.files)
    ok &= s.tree.addUserFile(file);
  s.times.add("parse", secondsSince(start));
  return ok ? ExitSuccess : ExitModelError;
}

/// The model to compile: -m, or the last class of the last file.
inst::ClassNode *selectModel(Session &s, const CompileOptions &options, int &exitCode) {
  inst::ClassNode *cls = nullptr;
  if (!options.model.empty()) {
    std::vector<std::string> parts = splitDotted(options.model);
    cls = s.tree.lookupPath(parts);
    if (!cls) {
      // The deepest package on the way that exists says whether the
      // bundled subset of the MSL lacks it.
      inst::ClassNode *enclosing = nullptr;
      for (size_t n = parts.size() - 1; n > 0 && !enclosing; --n)
        enclosing = s.tree.lookupPath({parts.begin(), parts.begin() + static_cast<long>(n)});
      if (enclosing && enclosing->inBundledSubset())
        s.diags.report(diag::NotInBundledSubset, {}, {options.model});
      else
        s.diags.report(diag::ModelNotFound, {}, {options.model});
      exitCode = ExitModelError;
      return nullptr;
    }
  } else {
    cls = s.tree.lastUserClass();
    if (!cls) {
      s.diags.report(diag::NoModelGiven, {});
      exitCode = ExitUsageError;
      return nullptr;
    }
  }
  using R = ast::ClassRestrictionKind;
  R r = cls->restriction();
  if (!cls->def || r == R::Package || r == R::Function || r == R::Record ||
      r == R::Connector || r == R::ExpandableConnector || r == R::Type || r == R::Operator ||
      r == R::OperatorFunction || r == R::OperatorRecord) {
    s.diags.report(diag::NotAModel, cls->def ? cls->def->nameRange : SourceRange{},
                   {cls->fullName(), ast::restrictionName(r)});
    exitCode = ExitModelError;
    return nullptr;
  }
  if (cls->def->prefixes.partial) {
    s.diags.report(diag::ModelIsPartial, cls->def->nameRange, {cls->fullName()});
    exitCode = ExitModelError;
    return nullptr;
  }
  return cls;
}

/// The folders of --library-path, then those of MOCC_LIBRARY_PATH.
std::vector<std::string> librarySearchPath(const CompileOptions &options) {
  std::vector<std::string> path = options.libraryPath;
  if (const char *env = std::getenv("MOCC_LIBRARY_PATH")) {
    std::string list = env;
    for (size_t start = 0; start <= list.size();) {
      size_t end = list.find(':', start);
      if (end == std::string::npos)
        end = list.size();
      if (end > start)
        path.push_back(list.substr(start, end - start));
      start = end + 1;
    }
  }
  return path;
}

/// Where the C code of external functions is looked for and kept.
jit::ExternalOptions externalOptions(const CompileOptions &options) {
  jit::ExternalOptions external;
  external.searchPath = librarySearchPath(options);
  if (!options.noCache)
    external.cacheDirectory = ccode::defaultCacheDirectory();
  return external;
}

/// Whether each IR is checked against its contract (docs/ir-contracts.md)
/// after the phase that makes it: always in Debug builds, else where
/// MOCC_VERIFY_IR is set (every test sets it).
bool verifyingIr() {
#ifndef NDEBUG
  return true;
#else
  static const bool on = std::getenv("MOCC_VERIFY_IR") != nullptr;
  return on;
#endif
}

/// Reports the breaches of an IR's contract (a bug of the compiler, not of
/// the model) as one error; false if there are any.
bool verified(const std::vector<std::string> &problems, const char *ir, Diagnostics &diags) {
  if (problems.empty())
    return true;
  std::string text;
  for (size_t i = 0; i < problems.size() && i < 10; ++i)
    text += (i ? "; " : "") + problems[i];
  if (problems.size() > 10)
    text += "; and " + std::to_string(problems.size() - 10) + " more";
  diags.report(diag::IrContractBroken, {}, {ir, text});
  return false;
}

/// The plan and the flat model it was made from, checked if verifyingIr().
bool verifiedPlan(const plan::SimulationPlan &plan, const flat::FlatModel &model,
                  Diagnostics &diags) {
  return !verifyingIr() ||
         (verified(flat::verify(model, false), "flat model", diags) &&
          verified(plan::verify(plan, model), "simulation plan", diags));
}

/// Loads, instantiates and flattens; nothing on failure (exitCode set).
std::optional<flat::FlatModel> flattenModel(Session &s, const CompileOptions &options,
                                            int &exitCode) {
  exitCode = loadSources(s, options);
  if (exitCode != ExitSuccess)
    return std::nullopt;
  inst::ClassNode *cls = selectModel(s, options, exitCode);
  if (!cls)
    return std::nullopt;
  auto start = Clock::now();
  s.phase = "flattening the model";
  double parseBefore = s.tree.parseSeconds();
  inst::Instance *root = s.instantiator.instantiateModel(cls);
  s.native = std::make_unique<jit::NativeCalls>(externalOptions(options));
  auto model = flatten(s.instantiator, root, s.diags, s.native.get());
  double libraryParse = s.tree.parseSeconds() - parseBefore;
  s.times.add("parse libraries", libraryParse);
  s.times.add("flatten", secondsSince(start) - libraryParse);
  if (!model || s.diags.hasErrors() ||
      (verifyingIr() && !verified(flat::verify(*model, true), "flat model", s.diags))) {
    exitCode = ExitModelError;
    return std::nullopt;
  }
  start = Clock::now();
  bool valid = check::checkSemantics(s.instantiator, root, *model, s.diags);
  s.times.add("check", secondsSince(start));
  if (!valid) {
    exitCode = ExitModelError;
    return std::nullopt;
  }
  return model;
}

void printStatistics(const causalize::SimulationPlan &plan, const flat::FlatModel &model,
                     std::ostream &out) {
  const causalize::PlanStatistics &stats = plan.statistics;
  out << "model " << model.name << ": " << model.size() << " scalar variables, "
      << stats.equations << " equations, " << stats.states << " states, " << stats.assigned
      << " solved explicitly, " << stats.algebraicInSolver << " algebraic in the solver, "
      << stats.blocks << " blocks (largest " << stats.largestBlock << "), "
      << stats.initSystems << " nonlinear initialization systems\n";
  out << "  " << stats.aliases << " aliases removed, " << stats.differentiated
      << " equations differentiated, " << stats.dummyDerivatives << " dummy derivatives, "
      << stats.stateSets << " state set(s); " << stats.tornBlocks << " algebraic loops of "
      << stats.tornUnknowns << " unknowns torn to " << stats.tearingVariables
      << " iteration variables";
  if (stats.promoted)
    out << "; " << stats.promoted << " explicit variable(s) in the solver (each depends on more "
        << "than " << causalize::maxColumnsPerAssignment << " of its unknowns)";
  out << "\n";
  if (!model.arrayEquations.empty()) {
    size_t scalar = 0;
    for (const flat::ArrayEquation &a : model.arrayEquations)
      scalar += a.count;
    out << "  " << model.arrayEquations.size()
        << " explicit-ODE for-equation(s) recognized as array equations (" << scalar
        << " of the equations), causalized and compiled element by element\n";
  }
  out << "  causalization passes:";
  for (const auto &[pass, seconds] : plan.passTimes)
    out << " " << pass << " " << seconds << " s;";
  out << "\n";
}

} // namespace

// --- Commands --------------------------------------------------------------------------------

int runParse(const std::vector<std::string> &files, bool print, std::ostream &out,
             std::ostream &err) {
  SourceManager sources;
  Diagnostics diags(sources, err);
  int exitCode = ExitSuccess;
  for (const std::string &path : files) {
    std::string problem;
    auto file = sources.addFile(path, &problem);
    if (!file) {
      diags.report(diag::FileArgumentProblem, {}, {problem});
      exitCode = ExitUsageError;
      continue;
    }
    auto stored = parseFile(sources, *file, diags);
    if (!stored) {
      if (exitCode == ExitSuccess)
        exitCode = ExitModelError;
      continue;
    }
    if (print)
      out << ast::toString(*stored);
  }
  return exitCode;
}

namespace {

int check(Session &s, const CompileOptions &options, std::ostream &out, std::ostream &err) {
  int exitCode = ExitSuccess;
  auto model = flattenModel(s, options, exitCode);
  if (!model)
    return exitCode;
  auto start = Clock::now();
  s.phase = "checking the model";
  auto stats = causalize::checkModel(*model, s.diags);
  s.times.add("structural", secondsSince(start));
  if (!stats)
    return ExitModelError;
  out << "Class " << model->name << " has " << stats->equations << " equation(s) and "
      << stats->unknowns << " variable(s).\n";
  if (options.verbose || options.timePhases)
    s.times.print(err);
  return ExitSuccess;
}

int flattenCommand(Session &s, const CompileOptions &options,
                   const FlattenOptions &flattenOptions, std::ostream &out, std::ostream &err) {
  int exitCode = ExitSuccess;
  auto model = flattenModel(s, options, exitCode);
  if (!model)
    return exitCode;
  s.phase = "printing the model";
  if (flattenOptions.emit == "index-reduced") {
    auto start = Clock::now();
    // The index-reduced view is about the choice of states: say all of it.
    causalize::CausalizeOptions reduction;
    reduction.reduction.reportStateChoices = true;
    bool ok = causalize::printIndexReduced(*model, s.diags, out, reduction);
    s.times.add("index reduction", secondsSince(start));
    if (!ok)
      return ExitModelError;
  } else if (flattenOptions.emit == "plan") {
    auto start = Clock::now();
    s.phase = "causalizing the model";
    auto plan = causalize::causalize(*model, s.diags);
    s.times.add("causalize", secondsSince(start));
    if (!plan || !verifiedPlan(*plan, *model, s.diags))
      return ExitModelError;
    s.phase = "printing the plan";
    plan::printPlan(*plan, *model, out);
  } else {
    flat::PrintOptions print;
    if (flattenOptions.origins)
      print.origins = &s.sources;
    flat::printFlatModel(*model, out, print);
  }
  if (options.verbose || options.timePhases)
    s.times.print(err);
  return ExitSuccess;
}

/// The back half of `simulate` and `linearize`: the plan, then the native
/// code of its kernels; false (the diagnostics reported) if either fails.
bool causalizeAndCompile(Session &s, flat::FlatModel &model, const CompileOptions &options,
                         const causalize::CausalizeOptions &causalizeOptions,
                         std::optional<causalize::SimulationPlan> &plan,
                         std::optional<backend::NativeModel> &native, bool keepObjects = false) {
  auto start = Clock::now();
  s.phase = "causalizing the model";
  plan = causalize::causalize(model, s.diags, causalizeOptions);
  s.times.add("causalize", secondsSince(start));
  if (!plan || !verifiedPlan(*plan, model, s.diags))
    return false;
  s.phase = "generating code";
  backend::BackendOptions backendOptions;
  backendOptions.external = externalOptions(options);
  backendOptions.keepObjects = keepObjects;
  native = backend::compileModel(*plan, model, backendOptions, s.diags);
  if (!native)
    return false;
  for (const auto &[phase, seconds] : native->phaseTimes)
    s.times.add(phase, seconds);
  return true;
}

int simulateModel(Session &s, const CompileOptions &options, const SimulateOptions &simulate,
                  const std::vector<Override> &overrides, std::ostream &out, std::ostream &err) {
  CacheSlot cache = cacheSlot(options);
  if (!cache.folder.empty()) {
    auto start = Clock::now();
    std::string why;
    std::unique_ptr<CachedModel> cached = loadCachedModel(cache.folder, cache.key, why);
    s.times.add("model cache", secondsSince(start));
    if (cached) {
      if (auto code = simulateCached(s, options, simulate, overrides, *cached, out, err))
        return *code;
    } else if (options.verbose && !why.empty()) {
      err << "note: the compiled model in the cache is not used: " << why << "\n";
    }
  }
  int exitCode = ExitSuccess;
  auto model = flattenModel(s, options, exitCode);
  if (!model)
    return exitCode;
  std::vector<ModelOverride> resolved;
  if (std::string problem; !resolveModelOverrides(overrides, *model, resolved, problem)) {
    err << "mocc: error: " << problem << "\n";
    return ExitUsageError;
  }
  std::vector<std::string> guesses = overriddenGuesses(overrides, *model);
  // The code is translated without the overrides, which the run gives it
  // in a table (an override changes no code). If the translation used the
  // value of one (a Jacobian entry left out as 0, a coefficient divided
  // by), the model is translated again with the overrides in it.
  std::optional<flat::FlatModel> pristine;
  if (!resolved.empty())
    pristine = *model;
  rt::SimulationOptions run;
  if (int code = setOutputPath(options, simulate, model->name, run, err); code != ExitSuccess)
    return code;
  causalize::CausalizeOptions causalizeOptions;
  causalizeOptions.reduction.reportStateChoices = options.verbose;
  std::optional<causalize::SimulationPlan> plan;
  std::optional<backend::NativeModel> native;
  // Not the compiled model: its JIT's destruction runs the C code's own
  // destructor functions (`__attribute__((destructor))`, jit::Jit).
  LeftToProcessEnd left(model, pristine, plan);
  // The code is kept for the cache unless the translation called external
  // functions (it depends on what they read, not only on the sources).
  bool keep = !cache.folder.empty() && !(s.native && s.native->used());
  if (!causalizeAndCompile(s, *model, options, causalizeOptions, plan, native, keep))
    return ExitModelError;
  // The translation without overrides is the one the cache keeps.
  std::string cacheNote = "not stored in the cache: --no-cache";
  if (keep) {
    auto start = Clock::now();
    std::string why;
    cacheNote = storeCachedModel(cache.folder, cache.key, native->model, *model, *plan,
                                 native->jit->contents(), s.sources, cache.roots,
                                 ccode::linkSharedObject, why)
                    ? "stored in the cache"
                    : "not stored in the cache: " + why;
    s.times.add("model cache", secondsSince(start));
  } else if (!cache.folder.empty()) {
    cacheNote = "not stored in the cache: the translation called external functions";
  }
  std::vector<double> table;
  if (uint32_t variable = 0;
      !overrideTable(resolved, plan->overridable, static_cast<size_t>(native->model.numSlots),
                     table, &variable)) {
    if (options.verbose)
      err << "note: the translation used the value of `"
          << model->variables[variable].name
          << "`: translating the model again with the overrides in it\n";
    native.reset();
    plan.reset();
    model = std::move(pristine);
    applyResolvedOverrides(resolved, *model);
    if (!causalizeAndCompile(s, *model, options, causalizeOptions, plan, native))
      return ExitModelError;
  }
  native->model.overrides = std::move(table);
  if (int code = checkOverriddenGuesses(guesses, plan->outputs, *model, err); code != ExitSuccess)
    return code;
  auto report = [&] {
    printStatistics(*plan, *model, err);
    err << "  code: " << native->kernelSteps << " kernel steps, emitted as "
        << native->emittedSteps << " (" << native->loops
        << " loops or shared bodies over repeated steps)\n";
    const jit::ExternalReport &c = native->external;
    if (c.compiledUnits + c.cachedUnits > 0)
      err << "  C code: " << c.compiledUnits << " translation unit(s) compiled, "
          << c.cachedUnits << " read from the cache; " << c.sharedUnits
          << " in one shared library\n";
    err << "  compiled model: " << cacheNote << "\n";
  };
  // A value that is not finite stops the run; the plan says which equation made it.
  causalize::NonFiniteExplainer explainer(*model, *plan, s.diags.sources());
  native->model.explainNonFinite = [&explainer](double t, const double *v, const double *residuals,
                                                int32_t set) {
    return explainer.explain(t, v, residuals, set);
  };
  return runCompiledModel(s, options, simulate, native->model, run, report, out, err);
}

} // namespace

void setProcessEndsWithCommand(bool ends) { processEndsWithCommand = ends; }

int runCheck(const CompileOptions &options, std::ostream &out, std::ostream &err) {
  auto s = std::make_unique<Session>(err);
  LeftToProcessEnd left(s);
  int code = guarded(*s, [&] { return check(*s, options, out, err); });
  s->native.reset(); // its JIT too (the C code's destructor functions run)
  return code;
}

int runFlatten(const CompileOptions &options, const FlattenOptions &flattenOptions,
               std::ostream &out, std::ostream &err) {
  auto s = std::make_unique<Session>(err);
  LeftToProcessEnd left(s);
  int code = guarded(*s, [&] { return flattenCommand(*s, options, flattenOptions, out, err); });
  s->native.reset(); // its JIT too (the C code's destructor functions run)
  return code;
}

int runSimulate(const CompileOptions &options, const SimulateOptions &simulate,
                std::ostream &out, std::ostream &err) {
  // The overrides of the experiment are options like --stop-time; the
  // others change the flat model.
  SimulateOptions settings = simulate;
  std::vector<Override> overrides;
  std::string problem;
  if (!collectOverrides(simulate, overrides, problem) ||
      !applyExperimentOverrides(overrides, settings, problem)) {
    err << "mocc: error: " << problem << "\n";
    return ExitUsageError;
  }
  if (int code = checkSimulateArguments(options, settings, err); code != ExitSuccess)
    return code;
  rt::setInterruptMessage("mocc: interrupted while compiling; no result written\n");
  auto s = std::make_unique<Session>(err);
  LeftToProcessEnd left(s);
  int code = guarded(*s, [&] { return simulateModel(*s, options, settings, overrides, out, err); });
  s->native.reset(); // its JIT too (the C code's destructor functions run)
  return code;
}

// --- compare ---------------------------------------------------------------------------------

int runCompare(const std::string &result, const std::string &reference,
               const std::string &signalsFile, double tolerance, std::ostream &out,
               std::ostream &err) {
  std::string error;
  for (const std::string *path : {&result, &reference, &signalsFile}) {
    std::string problem = path->empty() ? std::string() : unreadableFile(*path);
    if (!problem.empty()) {
      err << "mocc: error: " << problem << "\n";
      return ExitUsageError;
    }
  }
  auto res = rt::readResultTable(result, error);
  auto ref = res ? rt::readResultTable(reference, error) : std::nullopt;
  if (!res || !ref) {
    err << "mocc: error: " << error << "\n";
    return ExitModelError;
  }
  std::vector<std::string> signals;
  if (!signalsFile.empty()) {
    std::ifstream in(signalsFile);
    std::string line;
    while (std::getline(in, line)) {
      while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
        line.pop_back();
      size_t begin = line.find_first_not_of(" \t");
      line = begin == std::string::npos ? std::string() : line.substr(begin);
      // `//` begins a comment line (as in MSL 4.1.0's HoldWithDAeffects1).
      if (!line.empty() && line != "time" && line != "Time" && line.rfind("//", 0) != 0)
        signals.push_back(line);
    }
  } else {
    signals.assign(ref->names.begin() + 1, ref->names.end());
  }
  size_t passed = 0;
  for (const rt::SignalComparison &c : rt::compareResults(*res, *ref, signals, tolerance)) {
    passed += c.passed;
    out << (c.passed ? "passed " : "FAILED ") << c.name << (c.passed ? "" : ": " + c.detail) << "\n";
  }
  out << passed << " passed, " << signals.size() - passed << " failed\n";
  return passed == signals.size() ? ExitSuccess : ExitModelError;
}

// --- linearize -------------------------------------------------------------------------------

namespace {

/// Whether a flat name is a variable of the model itself, not of one of its
/// components: no dot outside subscripts (`y`, `y[2]`, not `sensor.y`).
bool isTopLevelName(const std::string &name) {
  int depth = 0;
  for (char c : name) {
    depth += c == '[' ? 1 : c == ']' ? -1 : 0;
    if (c == '.' && depth == 0)
      return false;
  }
  return true;
}

/// A vector as Modelica text: `{1, 0.5}`.
std::string modelicaVector(const std::vector<double> &values) {
  std::string text = "{";
  for (std::size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + rt::formatNumber(values[i] == 0 ? 0.0 : values[i]);
  return text + "}";
}

/// A row-major matrix as Modelica text: `[1, 0; 0, 1]`, `fill(0.0, 2, 0)`
/// when it has no entries.
std::string modelicaMatrix(const std::vector<double> &values, std::size_t rows,
                           std::size_t columns) {
  if (rows == 0 || columns == 0)
    return "fill(0.0, " + std::to_string(rows) + ", " + std::to_string(columns) + ")";
  std::string text = "[";
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < columns; ++c) {
      double x = values[r * columns + c];
      text += (c ? ", " : r ? "; " : "") + rt::formatNumber(x == 0 ? 0.0 : x);
    }
  return text + "]";
}

std::string nameList(const std::vector<std::string> &names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i)
    text += (i ? ", " : "") + names[i];
  return text;
}

/// The linear model as a Modelica model of its own (as OpenModelica's
/// linearized_model.mo): the matrices as parameters named as those of
/// Modelica.Blocks.Continuous.StateSpace, the first-order Taylor expansion
/// around the point as its equations.
std::string linearModelSource(const std::string &modelName, const rt::LinearModel &lin,
                              const std::vector<std::string> &states,
                              const std::vector<std::string> &inputs,
                              const std::vector<std::string> &outputs) {
  std::size_t n = states.size(), m = inputs.size(), p = outputs.size();
  std::ostringstream out;
  auto quoted = [](const std::string &text) {
    std::string q;
    for (char c : text)
      q += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
    return q;
  };
  out << "model linearized_model \"linearization of " << quoted(modelName) << " at t = "
      << rt::formatNumber(lin.time) << "\"\n"
      << "  parameter Integer n = " << n << " \"number of states\";\n"
      << "  parameter Integer m = " << m << " \"number of inputs\";\n"
      << "  parameter Integer p = " << p << " \"number of outputs\";\n"
      << "  parameter Real x0[n] = " << modelicaVector(lin.x0) << " \"states at the point\";\n"
      << "  parameter Real dx0[n] = " << modelicaVector(lin.dx0)
      << " \"state derivatives at the point\";\n"
      << "  parameter Real u0[m] = " << modelicaVector(lin.u0) << " \"inputs at the point\";\n"
      << "  parameter Real y0[p] = " << modelicaVector(lin.y0) << " \"outputs at the point\";\n"
      << "  parameter Real A[n, n] = " << modelicaMatrix(lin.A, n, n) << ";\n"
      << "  parameter Real B[n, m] = " << modelicaMatrix(lin.B, n, m) << ";\n"
      << "  parameter Real C[p, n] = " << modelicaMatrix(lin.C, p, n) << ";\n"
      << "  parameter Real D[p, m] = " << modelicaMatrix(lin.D, p, m) << ";\n"
      << "  Real x[n](start = x0, each fixed = true) \"" << quoted(nameList(states)) << "\";\n"
      << "  input Real u[m](start = u0) \"" << quoted(nameList(inputs)) << "\";\n"
      << "  output Real y[p] \"" << quoted(nameList(outputs)) << "\";\n"
      << "equation\n"
      << "  der(x) = dx0 + A * (x - x0) + B * (u - u0);\n"
      << "  y = y0 + C * (x - x0) + D * (u - u0);\n"
      << "end linearized_model;\n";
  return out.str();
}

int linearizeModel(Session &s, const CompileOptions &options, const LinearizeOptions &lin,
                   std::ostream &out, std::ostream &err) {
  int exitCode = ExitSuccess;
  auto model = flattenModel(s, options, exitCode);
  if (!model)
    return exitCode;
  std::optional<causalize::SimulationPlan> plan;
  std::optional<backend::NativeModel> native;
  if (!causalizeAndCompile(s, *model, options, causalize::CausalizeOptions{}, plan, native))
    return ExitModelError;
  if (native->model.stateSelection.sets.size() > 1) {
    s.diags.report(diag::LinearizeDynamicStateSelection, {});
    return ExitModelError;
  }
  const rt::ExperimentDefaults &e = native->model.experiment;
  rt::SimulationOptions run;
  run.startTime = std::isnan(lin.startTime) ? e.startTime : lin.startTime;
  run.stopTime = std::isnan(lin.at) ? run.startTime : lin.at;
  if (!(run.stopTime >= run.startTime)) {
    err << "mocc: error: the time of the linearization " << run.stopTime
        << " is before the start time " << run.startTime << "\n";
    return ExitUsageError;
  }
  run.tolerance = std::isnan(lin.tolerance) ? e.tolerance : lin.tolerance;
  // The inputs: the model's own Real inputs; the outputs: its own Real
  // outputs (as the result file has them: an alias refers to its variable).
  std::vector<int32_t> inputs;
  std::vector<rt::LinearOutput> outputs;
  std::vector<std::string> inputNames, outputNames, stateNames;
  std::unordered_map<int32_t, const rt::OutputVariable *> bySlot;
  for (const rt::OutputVariable &o : native->model.outputs)
    bySlot.emplace(o.slot, &o);
  for (uint32_t i = 0; i < model->variables.size(); ++i) {
    const flat::Variable &v = model->variables[i];
    if (v.type != flat::TypeKind::Real || v.name.starts_with('$') ||
        v.variability != flat::VariabilityKind::Continuous)
      continue;
    if (v.topLevelInput) {
      inputs.push_back(static_cast<int32_t>(i));
      inputNames.push_back(v.name);
    } else if (v.causality == flat::CausalityKind::Output && isTopLevelName(v.name)) {
      auto it = bySlot.find(static_cast<int32_t>(i));
      if (it == bySlot.end())
        continue;
      const rt::OutputVariable &o = *it->second;
      outputs.push_back({o.slot, o.aliasOf, o.negated, o.parameter});
      outputNames.push_back(v.name);
    }
  }
  rt::LinearModel result;
  rt::SolverStatistics stats;
  s.phase = "linearizing the model";
  s.running = true;
  rt::RunStatus status = rt::linearize(native->model, run, inputs, outputs, result, stats, err);
  if (options.verbose || options.timePhases)
    s.times.print(err);
  if (int signal = rt::stopRequest()) {
    err << "mocc: interrupted\n";
    return 128 + signal;
  }
  if (!status.ok) {
    err << "mocc: error: " << status.message << "\n";
    for (const std::string &note : status.notes)
      err << note << "\n";
    return ExitSimulationError;
  }
  // A state that alias elimination made a derivative (`v = der(x)`: the
  // model is second order in x) is named by the variable the model
  // declares (v).
  std::unordered_map<int32_t, std::string> declaredName;
  for (const rt::OutputVariable &o : native->model.outputs)
    if (o.aliasOf >= 0 && !o.negated)
      declaredName.try_emplace(o.aliasOf, o.name);
  for (int32_t slot : result.stateSlots) {
    std::string name = static_cast<uint32_t>(slot) < model->variables.size()
                           ? model->variables[slot].name
                           : "$slot" + std::to_string(slot);
    if (auto it = declaredName.find(slot); it != declaredName.end() && name.starts_with("der("))
      name = it->second;
    stateNames.push_back(name);
  }
  std::size_t n = stateNames.size(), m = inputNames.size(), p = outputNames.size();
  if (!lin.output.empty()) {
    rt::OutputFile file;
    std::string text = linearModelSource(model->name, result, stateNames, inputNames, outputNames);
    if (!file.open(lin.output) || !file.write(text.data(), text.size()) || !file.commit()) {
      err << "mocc: error: " << file.error() << "\n";
      return ExitSimulationError;
    }
  }
  out << "linearization of " << model->name << " at t = " << rt::formatNumber(result.time) << "\n"
      << "states (" << n << "): " << nameList(stateNames) << "\n"
      << "inputs (" << m << "): " << nameList(inputNames) << "\n"
      << "outputs (" << p << "): " << nameList(outputNames) << "\n"
      << "x0 = " << modelicaVector(result.x0) << "\n"
      << "u0 = " << modelicaVector(result.u0) << "\n"
      << "y0 = " << modelicaVector(result.y0) << "\n"
      << "A = " << modelicaMatrix(result.A, n, n) << "\n"
      << "B = " << modelicaMatrix(result.B, n, m) << "\n"
      << "C = " << modelicaMatrix(result.C, p, n) << "\n"
      << "D = " << modelicaMatrix(result.D, p, m) << "\n";
  if (!lin.output.empty() && lin.output != "-")
    out << "wrote " << lin.output << "\n";
  return ExitSuccess;
}

} // namespace

int runLinearize(const CompileOptions &options, const LinearizeOptions &linearize,
                 std::ostream &out, std::ostream &err) {
  if (!linearize.output.empty()) {
    if (linearize.output == "-") {
      err << "mocc: error: `linearize` prints the matrices on standard output already; `-o` "
             "names the file of the Modelica model\n";
      return ExitUsageError;
    }
    if (std::string problem = rt::checkOutputPath(linearize.output, runInputs(options));
        !problem.empty()) {
      err << "mocc: error: " << problem << "\n";
      return ExitUsageError;
    }
  }
  rt::setInterruptMessage("mocc: interrupted\n");
  Session s(err);
  return guarded(s, [&] { return linearizeModel(s, options, linearize, out, err); });
}

// --- eval ------------------------------------------------------------------------------------

namespace {

/// Evaluates a lowered constant expression: operations directly, calls by
/// running the compiled functions. A failure is ExpressionNotConstant (a
/// variable or `time`, which the caller reports at its place) or the
/// failure of a call (FunctionLibrary::call).
class ConstantEvaluator {
public:
  ConstantEvaluator(const sym::ExprPool &pool, jit::FunctionLibrary *library)
      : pool_(pool), library_(library) {}

  std::optional<double> value(sym::ExprId root, diag::Message &error) {
    std::vector<sym::ExprId> order;
    sym::ExprId roots[] = {root};
    sym::forEachNode(pool_, roots, [&](sym::ExprId id) { order.push_back(id); });
    for (sym::ExprId id : order)
      if (!values_.count(id.index) && !evaluateNode(id, error))
        return std::nullopt;
    return values_.at(root.index);
  }

private:
  bool evaluateNode(sym::ExprId id, diag::Message &error) {
    const sym::Node &n = pool_.node(id);
    auto ops = pool_.operands(id);
    switch (n.op) {
    case sym::OpKind::Constant:
      values_[id.index] = n.payload.value;
      return true;
    case sym::OpKind::Call: {
      std::vector<double> args;
      for (sym::ExprId a : ops)
        args.push_back(values_.at(a.index));
      auto out = library_ ? library_->call(n.payload.index, args, error) : std::nullopt;
      if (!out)
        return false;
      outputs_[id.index] = std::move(*out);
      values_[id.index] = 0;
      return true;
    }
    case sym::OpKind::Output:
      values_[id.index] = outputs_.at(ops[0].index).at(n.payload.index);
      return true;
    case sym::OpKind::Variable:
    case sym::OpKind::Time:
    case sym::OpKind::Load:
      error = {diag::ExpressionNotConstant, {"a variable"}};
      return false;
    default: {
      std::vector<double> args;
      for (sym::ExprId a : ops)
        args.push_back(values_.at(a.index));
      values_[id.index] = sym::evaluateOp(n.op, args, n.payload.index);
      return true;
    }
    }
  }

  const sym::ExprPool &pool_;
  jit::FunctionLibrary *library_;
  std::unordered_map<uint32_t, double> values_;
  std::unordered_map<uint32_t, std::vector<double>> outputs_;
};

std::string formatScalar(double v, flattening::ElementType type) {
  if (type == flattening::ElementType::Boolean)
    return v != 0 ? "true" : "false";
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
  return std::string(buffer, result.ptr);
}

/// CLI.md's format: {1, 2}, {{1, 0}, {0, 1}}, Name(field = value, ...).
std::string formatValue(const flattening::Value &v, const std::vector<double> &scalars,
                        size_t &next) {
  auto formatArray = [&](auto &&element, int64_t count, const std::vector<int64_t> &dims) {
    std::function<std::string(size_t, int64_t &)> level = [&](size_t d, int64_t &k) {
      std::string out = "{";
      for (int64_t i = 0; i < dims[d]; ++i) {
        out += i ? ", " : "";
        out += d + 1 == dims.size() ? element(k++) : level(d + 1, k);
      }
      return out + "}";
    };
    int64_t k = 0;
    (void)count;
    return level(0, k);
  };
  if (v.isRecord && v.dims.empty()) {
    std::string out = v.recordName + "(";
    for (size_t i = 0; i < v.fields.size(); ++i)
      out += (i ? ", " : "") + v.fields[i].first + " = " +
             formatValue(v.fields[i].second, scalars, next);
    return out + ")";
  }
  if (v.isRecord)
    return formatArray([&](int64_t k) { return formatValue(v.items[k], scalars, next); },
                       v.count(), v.dims);
  if (v.isString()) {
    auto quote = [](const std::string &s) {
      std::string out = "\"";
      for (char c : s)
        out += c == '"' ? std::string("\\\"") : std::string(1, c);
      return out + "\"";
    };
    // Texts known while translating, or pointers computed at run time.
    auto text = [&](int64_t k) {
      if (static_cast<int64_t>(v.strings.size()) == v.count())
        return quote(v.strings[k]);
      const char *p = nullptr;
      std::memcpy(&p, &scalars[next++], sizeof p);
      return quote(p ? p : "");
    };
    if (v.dims.empty())
      return text(0);
    return formatArray(text, v.count(), v.dims);
  }
  if (v.dims.empty())
    return formatScalar(scalars[next++], v.type);
  return formatArray([&](int64_t) { return formatScalar(scalars[next++], v.type); }, v.count(),
                     v.dims);
}

} // namespace

namespace {

int evaluateCommand(Session &s, const std::string &expression, const CompileOptions &options,
                    std::ostream &out, std::ostream &err) {
  int exitCode = loadSources(s, options);
  if (exitCode != ExitSuccess)
    return exitCode;
  FileId file = s.sources.addBuffer("<expression>", expression);
  auto expr = parseExpression(s.sources, file, s.diags);
  if (!expr)
    return ExitModelError;
  flat::FlatModel model;
  TimeDependence timeDependence;
  s.phase = "translating the expression";
  s.native = std::make_unique<jit::NativeCalls>(externalOptions(options));
  auto value =
      lowerExpression(s.instantiator, *expr, model, s.diags, &timeDependence, s.native.get());
  if (!value)
    return ExitModelError;
  if (value->type == flattening::ElementType::ExternalObject) {
    s.diags.report(diag::ExternalObjectHasNoText, expr->range, {value->recordName});
    return ExitModelError;
  }
  if (value->isFunction()) { // a function named, not called: it has no value to print
    std::string_view text = s.sources.text(file);
    s.diags.report(diag::ClassUsedAsValue, expr->range,
                   {std::string(text.substr(expr->range.begin, expr->range.end - expr->range.begin))});
    return ExitModelError;
  }
  diag::Message error;
  std::unique_ptr<jit::FunctionLibrary> library;
  if (!model.functions.empty()) {
    jit::ExternalReport report;
    library = jit::FunctionLibrary::compile(model.functions, error, externalOptions(options),
                                            &report);
    backend::reportExternalProblems(report, model.functions, s.diags);
    if (!report.problems.empty())
      return ExitModelError;
    if (!library) {
      s.diags.report(diag::CodeGenerationFailed, {}, {error.text()});
      return ExitModelError;
    }
  }
  rt::StringScope strings; // the Strings that functions return, until printed
  s.phase = "evaluating the expression";
  s.running = true;
  ConstantEvaluator evaluator(model.pool, library.get());
  std::vector<sym::ExprId> scalars;
  flattening::appendScalars(*value, scalars);
  std::vector<double> values;
  for (sym::ExprId e : scalars) {
    auto v = evaluator.value(e, error);
    if (library)
      for (const std::string &warning : library->takeWarnings())
        err << "mocc: warning: " << warning << "\n";
    if (!v && error.kind() == diag::ExpressionNotConstant) {
      bool known = !timeDependence.what.empty();
      s.diags.report(diag::ExpressionNotConstant, known ? timeDependence.range : expr->range,
                     {known ? timeDependence.what : std::string("a variable")});

      return ExitModelError;
    }
    if (!v) {
      s.diags.report(error); // a run-time failure of a call
      return ExitSimulationError;
    }
    values.push_back(*v);
  }
  size_t next = 0;
  out << formatValue(*value, values, next) << "\n";
  return ExitSuccess;
}

} // namespace

int runEval(const std::string &expression, const CompileOptions &options, std::ostream &out,
            std::ostream &err) {
  Session s(err);
  return guarded(s, [&] { return evaluateCommand(s, expression, options, out, err); });
}

} // namespace mocc::driver
