// Implementation of the commands: loading sources and libraries, choosing
// the model, running the phases with their timings, and turning the plan
// into native code and a runtime model.
#include "compiler/driver/Driver.h"

#include "compiler/ast/ASTPrinter.h"
#include "compiler/causalize/Causalize.h"
#include "compiler/codegen/Codegen.h"
#include "compiler/flatten/Flatten.h"
#include "compiler/instantiate/Instance.h"
#include "compiler/jit/FunctionLibrary.h"
#include "compiler/jit/Jit.h"
#include "compiler/parse/Parser.h"
#include "runtime/ResultCompare.h"
#include "runtime/Simulator.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <functional>
#include <unordered_map>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/resource.h>
#include <thread>

namespace fs = std::filesystem;

namespace mocc::driver {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Wall-clock seconds per phase, printed with -v or --time-phases.
class PhaseTimes {
public:
  void add(const std::string &phase, double seconds) { phases_.push_back({phase, seconds}); }
  void print(std::ostream &out) const {
    double total = 0;
    out << "phase times:\n";
    for (const auto &[phase, seconds] : phases_) {
      char line[96];
      std::snprintf(line, sizeof line, "  %-16s %10.4f s\n", phase.c_str(), seconds);
      out << line;
      total += seconds;
    }
    char line[96];
    std::snprintf(line, sizeof line, "  %-16s %10.4f s\n", "total", total);
    out << line;
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    out << "  peak memory      " << usage.ru_maxrss / 1024 << " MiB\n";
  }

private:
  std::vector<std::pair<std::string, double>> phases_;
};

/// The objects every compiling command shares.
struct Session {
  explicit Session(std::ostream &err)
      : diags(sources, err), tree(sources, diags), instantiator(tree, diags) {}
  SourceManager sources;
  Diagnostics diags;
  inst::ClassTree tree;
  inst::Instantiator instantiator;
  PhaseTimes times;
};

std::string bundledLibrary() {
  if (const char *env = std::getenv("MOCC_STDLIB"))
    return env;
  return MOCC_STDLIB_DIR;
}

/// Registers libraries and reads the user's files; returns an exit code
/// (ExitSuccess to go on).
int loadSources(Session &s, const CompileOptions &options) {
  for (const std::string &lib : options.libraries) {
    std::error_code ec;
    if (!fs::exists(lib, ec)) {
      s.diags.error("library `" + lib + "` does not exist");
      return ExitUsageError;
    }
    s.tree.addLibrary(lib);
  }
  if (const char *path = std::getenv("MODELICAPATH")) {
    std::stringstream list(path);
    std::string dir;
    while (std::getline(list, dir, ':'))
      if (!dir.empty())
        s.tree.addLibrary(dir);
  }
  s.tree.addLibrary(bundledLibrary());
  for (const std::string &file : options.files) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) {
      s.diags.error("file `" + file + "` does not exist");
      return ExitUsageError;
    }
  }
  auto start = Clock::now();
  bool ok = true;
  for (const std::string &file : options.files)
    ok &= s.tree.addUserFile(file);
  s.times.add("parse", secondsSince(start));
  return ok ? ExitSuccess : ExitModelError;
}

std::vector<std::string> splitDotted(const std::string &name) {
  std::vector<std::string> parts;
  std::string part;
  for (char c : name) {
    if (c == '.') {
      parts.push_back(part);
      part.clear();
    } else {
      part += c;
    }
  }
  parts.push_back(part);
  return parts;
}

/// The model to compile: -m, or the last class of the last file.
inst::ClassNode *selectModel(Session &s, const CompileOptions &options, int &exitCode) {
  inst::ClassNode *cls = nullptr;
  if (!options.model.empty()) {
    cls = s.tree.lookupPath(splitDotted(options.model));
    if (!cls) {
      s.diags.error("model `" + options.model + "` not found");
      exitCode = ExitModelError;
      return nullptr;
    }
  } else {
    cls = s.tree.lastUserClass();
    if (!cls) {
      s.diags.error("no model given: name a file or use -m MODEL");
      exitCode = ExitUsageError;
      return nullptr;
    }
  }
  using R = ast::ClassRestrictionKind;
  R r = cls->restriction();
  if (!cls->def || r == R::Package || r == R::Function || r == R::Record ||
      r == R::Connector || r == R::ExpandableConnector || r == R::Type || r == R::Operator ||
      r == R::OperatorFunction || r == R::OperatorRecord) {
    s.diags.error(cls->def ? cls->def->nameRange : SourceRange{},
                  "`" + cls->fullName() + "` is a " + ast::restrictionName(r) +
                      ", not a model that can be " + "simulated or checked");
    exitCode = ExitModelError;
    return nullptr;
  }
  if (cls->def->prefixes.partial) {
    s.diags.error(cls->def->nameRange, "`" + cls->fullName() + "` is partial");
    exitCode = ExitModelError;
    return nullptr;
  }
  return cls;
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
  double parseBefore = s.tree.parseSeconds();
  inst::Instance *root = s.instantiator.instantiateModel(cls);
  auto model = flatten(s.instantiator, root, s.diags);
  double libraryParse = s.tree.parseSeconds() - parseBefore;
  s.times.add("parse libraries", libraryParse);
  s.times.add("flatten", secondsSince(start) - libraryParse);
  if (!model || s.diags.hasErrors()) {
    exitCode = ExitModelError;
    return std::nullopt;
  }
  return model;
}

/// The compiled model: the JIT that owns the code and the runtime's view.
struct NativeModel {
  std::unique_ptr<jit::Jit> jit;
  rt::CompiledModel model;
  /// The size of the code: kernel steps, those emitted (a loop's body or
  /// the body of equal cases once), and the loops and shared bodies
  /// (codegen/Repeats.h).
  uint64_t kernelSteps = 0;
  uint64_t emittedSteps = 0;
  size_t loops = 0;
};

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

/// Loads the libraries of the external functions into `jit`; a C symbol
/// found nowhere is an error at its function's external clause.
bool linkExternals(jit::Jit &jit, std::span<const flat::Function> functions,
                   const CompileOptions &options, Diagnostics &diags, std::string &error) {
  std::vector<jit::MissingExternal> missing;
  if (!jit::linkExternalFunctions(jit, functions, librarySearchPath(options), missing, error))
    return false;
  for (const jit::MissingExternal &m : missing)
    diags.error(functions[m.function].external->loc, m.message);
  return missing.empty();
}

/// Huge models are compiled while they are generated: code generation fills
/// one module after another (of about instructionsPerModule instructions)
/// and hands each to the JIT's workers as soon as it is complete. Machine
/// code generation is most of the JIT's time and is linear in the code, so
/// the workers divide it by the number of cores and hide code generation
/// behind it; below streamedSteps kernel steps the threads cost more than
/// they save.
constexpr uint64_t streamedSteps = 20000;
constexpr size_t instructionsPerModule = 100000;

/// The modules of a streamed code generation, each started in the JIT when
/// complete.
class KernelStream : public codegen::ModuleSink {
public:
  KernelStream(jit::Jit &jit, jit::OptLevel level) : jit_(jit), level_(level) {}
  llvm::Module &open() override {
    unit_.context = std::make_unique<llvm::LLVMContext>();
    unit_.module = std::make_unique<llvm::Module>("mocc_kernels" + std::to_string(++count_),
                                                  *unit_.context);
    return *unit_.module;
  }
  void close() override {
    auto start = Clock::now();
    jit_.startModule(std::move(unit_), level_);
    compileSeconds_ += secondsSince(start);
  }
  /// The time startModule spent compiling modules on this thread (when the
  /// JIT's queue was full): the `jit` phase's, not code generation's.
  double compileSeconds() const { return compileSeconds_; }

private:
  jit::Jit &jit_;
  jit::OptLevel level_;
  jit::Jit::Unit unit_;
  unsigned count_ = 0;
  double compileSeconds_ = 0;
};

std::optional<NativeModel> compileNative(const causalize::SimulationPlan &plan,
                                         flat::FlatModel &model, PhaseTimes &times,
                                         const CompileOptions &compile, Diagnostics &diags,
                                         std::string &error) {
  auto start = Clock::now();
  // The JIT, with the libraries of the external functions.
  NativeModel native;
  native.jit = jit::Jit::create(error);
  if (!native.jit)
    return std::nullopt;
  if (!linkExternals(*native.jit, model.functions, compile, diags, error))
    return std::nullopt;
  // The model's functions, and the forward derivatives the JVPs call.
  std::vector<flat::Function> &functions = model.functions;
  if (!codegen::addKernelDerivatives(functions, model.pool, plan.kernels, &error,
                                     plan.constantSlots))
    return std::nullopt;
  codegen::CodegenOptions options;
  options.constantSlots = plan.constantSlots;
  options.repeatsFound = codegen::findKernelRepeats(model.pool, plan.kernels, options);
  // Streaming follows the size of the code, where a run of repeated steps
  // is one loop; the optimization level follows the size of the model: O2
  // on loops over big tables cost far more than the code's size suggests
  // (a transmission line of 2,500 sections: 56 steps emitted, 1.75 s at
  // O2, 0.04 s at the light level).
  uint64_t steps = codegen::emittedSteps(plan.kernels, options.repeatsFound);
  native.emittedSteps = steps;
  for (const auto &kernel : plan.kernels)
    native.kernelSteps += kernel.steps.size();
  jit::OptLevel level = jit::suggestOptLevel(native.kernelSteps);
  for (const auto &repeats : options.repeatsFound)
    native.loops += repeats.runs.size() + repeats.cases.size();
  auto home = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> homeModule;
  bool streamed = steps > streamedSteps;
  double compiledWhileGenerating = 0;
  if (!streamed) {
    homeModule = codegen::generateKernels(*home, model.pool, plan.kernels, options, &error,
                                          functions);
    if (!homeModule)
      return std::nullopt;
  } else {
    homeModule = std::make_unique<llvm::Module>("mocc_kernels", *home);
    KernelStream stream(*native.jit, level);
    if (!codegen::generateKernelsStreamed(*homeModule, stream, instructionsPerModule, model.pool,
                                          plan.kernels, options, &error, functions)) {
      native.jit->finishModules(error);
      return std::nullopt;
    }
    compiledWhileGenerating = stream.compileSeconds();
  }
  times.add("codegen", secondsSince(start) - compiledWhileGenerating);
  start = Clock::now();
  if (!functions.empty() && !jit::addFunctions(*native.jit, functions, error))
    return std::nullopt;
  const std::string &modelName = model.name;
  if (!streamed) {
    if (!native.jit->addModule(std::move(homeModule), std::move(home), level, error))
      return std::nullopt;
  } else {
    native.jit->startModule({std::move(homeModule), std::move(home)}, level);
    if (!native.jit->finishModules(error))
      return std::nullopt;
  }
  auto kernel = [&](const std::string &name) {
    return reinterpret_cast<rt::KernelFn>(native.jit->lookup(name, error));
  };
  auto jvp = [&](const std::string &name) {
    return reinterpret_cast<rt::KernelJvpFn>(native.jit->lookup(codegen::jvpName(name), error));
  };
  rt::CompiledModel &m = native.model;
  m.name = modelName;
  m.numSlots = plan.numSlots;
  m.setParameters = kernel(plan.setParameters);
  m.setStartValues = kernel(plan.setStartValues);
  // A case of a batch (KernelSpec::caseStart) or a function of its own.
  auto kernelRef = [&](const causalize::InitStepPlan &step) -> rt::KernelRef {
    if (step.kernelCase < 0)
      return kernel(step.kernel);
    return {reinterpret_cast<rt::BatchedKernelFn>(native.jit->lookup(step.kernel, error)),
            step.kernelCase};
  };
  auto jvpRef = [&](const causalize::InitStepPlan &step) -> rt::KernelJvpRef {
    if (step.kernelCase < 0)
      return jvp(step.kernel);
    return {reinterpret_cast<rt::BatchedKernelJvpFn>(
                native.jit->lookup(codegen::jvpName(step.kernel), error)),
            step.kernelCase};
  };
  for (const causalize::InitStepPlan &step : plan.init) {
    rt::InitStep s;
    s.kind = step.kind;
    if (step.kind == rt::InitStep::Kind::Assign) {
      s.assign = kernelRef(step);
    } else {
      s.system.unknowns = step.unknowns;
      s.system.assigned = step.assigned;
      s.system.residual = kernelRef(step);
      s.system.jvp = jvpRef(step);
      s.system.pattern = step.pattern;
      s.system.nominal = step.nominal;
      s.system.description = step.description;
    }
    m.init.push_back(std::move(s));
  }
  m.ySlot = plan.ySlot;
  m.ypSlot = plan.ypSlot;
  m.yNominal = plan.yNominal;
  m.residual = kernel(plan.residual);
  m.jvp = jvp(plan.residual);
  if (!plan.aliases.empty()) {
    m.aliases = kernel(plan.aliases);
    m.aliasSlots = plan.aliasSlots;
  }
  m.jacobian = plan.jacobian;
  m.outputs = plan.outputs;
  m.experiment = plan.experiment;
  // The external objects that constructors made (a parameter bound to
  // another object shares it), in the order of their variables.
  for (uint32_t i = 0; i < model.variables.size(); ++i) {
    const flat::Variable &v = model.variables[i];
    if (v.externalObject >= model.externalObjects.size() || !v.binding.valid() ||
        model.pool.op(v.binding) != sym::OpKind::Output)
      continue;
    const flat::Function &destructor = functions[model.externalObjects[v.externalObject].destructor];
    m.externalObjects.push_back({static_cast<int32_t>(i), jit::lookupFunction(*native.jit, destructor, error)});
    if (!m.externalObjects.back().destructor)
      return std::nullopt;
  }
  for (const causalize::StateSetPlan &set : plan.stateSets) {
    rt::StateSet s{set.ySlot, set.ypSlot, set.yNominal, kernel(set.residual), jvp(set.residual),
                   set.jacobian, set.pivotBlocks, set.description};
    m.stateSelection.sets.push_back(std::move(s));
  }
  if (!plan.pivotKernel.empty()) {
    m.stateSelection.matrices = plan.selectionMatrices;
    m.stateSelection.pivots = kernel(plan.pivotKernel);
    m.stateSelection.pivotsJvp = jvp(plan.pivotKernel);
    m.stateSelection.numPivotRows = plan.pivotRows;
    m.stateSelection.columns = plan.pivotColumns;
  }
  const causalize::EventPlan &ev = plan.events;
  rt::EventModel &events = m.events;
  if (!ev.zeroCrossings.empty())
    events.zeroCrossings = kernel(ev.zeroCrossings);
  events.numZeroCrossings = ev.numZeroCrossings;
  if (!ev.update.empty())
    events.update = kernel(ev.update);
  if (!ev.relations.empty())
    events.relations = kernel(ev.relations);
  events.relationSlots = ev.relationSlots;
  if (!ev.assertions.empty())
    events.assertions = kernel(ev.assertions);
  events.preSlot = ev.preSlot;
  events.valueSlot = ev.valueSlot;
  for (const auto &sample : ev.samples)
    events.samples.push_back({sample.flag, sample.start, sample.interval});
  events.initialSlot = ev.initialSlot;
  events.terminalSlot = ev.terminalSlot;
  times.add("jit", secondsSince(start) + compiledWhileGenerating);
  if (!error.empty())
    return std::nullopt;
  return native;
}

/// Whether a name matches a glob pattern with `*` and `?` (brackets are
/// literal: `body.r_0[*]`).
bool globMatch(const std::string &pattern, const std::string &name) {
  size_t p = 0, n = 0, star = std::string::npos, mark = 0;
  while (n < name.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
      ++p;
      ++n;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = n;
    } else if (star != std::string::npos) {
      p = star + 1;
      n = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*')
    ++p;
  return p == pattern.size();
}

/// Splits --vars at commas that are not inside brackets (`a[1,2]`).
std::vector<std::string> splitVarList(const std::string &list) {
  std::vector<std::string> items;
  std::string item;
  int depth = 0;
  for (char c : list) {
    depth += c == '[' ? 1 : c == ']' ? -1 : 0;
    if (c == ',' && depth == 0) {
      items.push_back(item);
      item.clear();
      continue;
    }
    if (c != ' ')
      item += c;
  }
  items.push_back(item);
  return items;
}

bool selectColumns(const rt::CompiledModel &model, const std::string &vars,
                   std::vector<int32_t> &columns, std::ostream &err) {
  if (vars.empty()) {
    for (size_t i = 0; i < model.outputs.size(); ++i)
      columns.push_back(static_cast<int32_t>(i));
    return true;
  }
  std::vector<char> taken(model.outputs.size(), 0);
  for (const std::string &pattern : splitVarList(vars)) {
    bool any = false;
    for (size_t i = 0; i < model.outputs.size(); ++i) {
      if (!globMatch(pattern, model.outputs[i].name))
        continue;
      any = true;
      if (!taken[i]++)
        columns.push_back(static_cast<int32_t>(i));
    }
    if (!any) {
      err << "mocc: error: --vars: no variable matches `" << pattern << "`\n";
      return false;
    }
  }
  return true;
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
    std::error_code ec;
    auto file = fs::is_regular_file(path, ec) ? sources.addFile(path) : std::nullopt;
    if (!file) {
      diags.error("cannot read file `" + path + "`");
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

int runCheck(const CompileOptions &options, std::ostream &out, std::ostream &err) {
  Session s(err);
  int exitCode = ExitSuccess;
  auto model = flattenModel(s, options, exitCode);
  if (!model)
    return exitCode;
  auto start = Clock::now();
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

int runFlatten(const CompileOptions &options, const FlattenOptions &flattenOptions,
               std::ostream &out, std::ostream &err) {
  Session s(err);
  int exitCode = ExitSuccess;
  auto model = flattenModel(s, options, exitCode);
  if (!model)
    return exitCode;
  if (flattenOptions.emit == "index-reduced") {
    auto start = Clock::now();
    bool ok = causalize::printIndexReduced(*model, s.diags, out);
    s.times.add("index reduction", secondsSince(start));
    if (!ok)
      return ExitModelError;
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

int runSimulate(const CompileOptions &options, const SimulateOptions &simulate,
                std::ostream &out, std::ostream &err) {
  Session s(err);
  int exitCode = ExitSuccess;
  auto model = flattenModel(s, options, exitCode);
  if (!model)
    return exitCode;
  auto start = Clock::now();
  auto plan = causalize::causalize(*model, s.diags);
  s.times.add("causalize", secondsSince(start));
  if (!plan)
    return ExitModelError;
  std::string error;
  auto native = compileNative(*plan, *model, s.times, options, s.diags, error);
  if (!native) {
    if (!error.empty())
      s.diags.error("code generation failed: " + error);
    return ExitModelError;
  }
  rt::SimulationOptions run;
  const rt::ExperimentDefaults &e = native->model.experiment;
  run.startTime = std::isnan(simulate.startTime) ? e.startTime : simulate.startTime;
  run.stopTime = std::isnan(simulate.stopTime) ? e.stopTime : simulate.stopTime;
  if (!(run.stopTime > run.startTime)) {
    err << "mocc: error: the stop time " << run.stopTime << " is not after the start time "
        << run.startTime << "\n";
    return ExitUsageError;
  }
  if (!std::isnan(simulate.interval))
    run.interval = simulate.interval;
  else if (simulate.intervals > 0)
    run.interval = (run.stopTime - run.startTime) / static_cast<double>(simulate.intervals);
  else if (e.interval > 0)
    run.interval = e.interval;
  else
    run.interval = (run.stopTime - run.startTime) / 500.0;
  run.tolerance = std::isnan(simulate.tolerance) ? e.tolerance : simulate.tolerance;
  run.outputPath = simulate.output.empty() ? model->name + "_res.csv" : simulate.output;
  run.verbose = options.verbose;
  fs::path dir = fs::path(run.outputPath).parent_path();
  std::error_code ec;
  if (!dir.empty() && !fs::is_directory(dir, ec)) {
    err << "mocc: error: the directory of the result file `" << run.outputPath
        << "` does not exist\n";
    return ExitUsageError;
  }
  if (!selectColumns(native->model, simulate.vars, run.columns, err))
    return ExitUsageError;
  if (options.verbose) {
    printStatistics(*plan, *model, err);
    err << "  code: " << native->kernelSteps << " kernel steps, emitted as "
        << native->emittedSteps << " (" << native->loops
        << " loops or shared bodies over repeated steps)\n";
  }
  rt::SolverStatistics stats;
  rt::RunStatus status = rt::simulate(native->model, run, stats, err);
  s.times.add("initialization", stats.initSeconds);
  s.times.add("integration", stats.integrationSeconds);
  s.times.add("output", stats.outputSeconds);
  if (options.verbose || options.timePhases)
    s.times.print(err);
  if (!status.ok) {
    err << "mocc: error: " << status.message << "\n";
    return ExitSimulationError;
  }
  out << "wrote " << run.outputPath << "\n";
  return ExitSuccess;
}

// --- compare ---------------------------------------------------------------------------------

int runCompare(const std::string &result, const std::string &reference,
               const std::string &signalsFile, double tolerance, std::ostream &out,
               std::ostream &err) {
  std::string error;
  for (const std::string *path : {&result, &reference, &signalsFile}) {
    std::error_code ec;
    if (!path->empty() && !fs::is_regular_file(*path, ec)) {
      err << "mocc: error: file `" << *path << "` does not exist\n";
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
      if (!line.empty() && line != "time" && line != "Time")
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

// --- eval ------------------------------------------------------------------------------------

namespace {

/// Evaluates a lowered constant expression: operations directly, calls by
/// running the compiled functions.
class ConstantEvaluator {
public:
  ConstantEvaluator(const sym::ExprPool &pool, jit::FunctionLibrary *library)
      : pool_(pool), library_(library) {}

  std::optional<double> value(sym::ExprId root, std::string &error) {
    std::vector<sym::ExprId> order;
    sym::ExprId roots[] = {root};
    sym::forEachNode(pool_, roots, [&](sym::ExprId id) { order.push_back(id); });
    for (sym::ExprId id : order)
      if (!values_.count(id.index) && !evaluateNode(id, error))
        return std::nullopt;
    return values_.at(root.index);
  }

private:
  bool evaluateNode(sym::ExprId id, std::string &error) {
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
      error = "the expression is not constant (it uses `time` or a variable)";
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
    if (v.dims.empty())
      return quote(v.strings[0]);
    return formatArray([&](int64_t k) { return quote(v.strings[k]); }, v.count(), v.dims);
  }
  if (v.dims.empty())
    return formatScalar(scalars[next++], v.type);
  return formatArray([&](int64_t) { return formatScalar(scalars[next++], v.type); }, v.count(),
                     v.dims);
}

} // namespace

int runEval(const std::string &expression, const CompileOptions &options, std::ostream &out,
            std::ostream &err) {
  Session s(err);
  int exitCode = loadSources(s, options);
  if (exitCode != ExitSuccess)
    return exitCode;
  FileId file = s.sources.addBuffer("<expression>", expression);
  auto expr = parseExpression(s.sources, file, s.diags);
  if (!expr)
    return ExitModelError;
  flat::FlatModel model;
  auto value = lowerExpression(s.instantiator, *expr, model, s.diags);
  if (!value)
    return ExitModelError;
  if (value->type == flattening::ElementType::ExternalObject) {
    s.diags.error(expr->range, "the value is an external object of class `" + value->recordName +
                                   "`, which has no text");
    return ExitModelError;
  }
  std::string error;
  std::unique_ptr<jit::FunctionLibrary> library;
  std::vector<jit::MissingExternal> missing;
  if (!model.functions.empty()) {
    library = jit::FunctionLibrary::compile(model.functions, error, librarySearchPath(options),
                                            &missing);
    for (const jit::MissingExternal &m : missing)
      s.diags.error(model.functions[m.function].external->loc, m.message);
    if (!missing.empty())
      return ExitModelError;
    if (!library) {
      err << "mocc: error: code generation failed: " << error << "\n";
      return ExitModelError;
    }
  }
  ConstantEvaluator evaluator(model.pool, library.get());
  std::vector<sym::ExprId> scalars;
  flattening::appendScalars(*value, scalars);
  std::vector<double> values;
  for (sym::ExprId e : scalars) {
    auto v = evaluator.value(e, error);
    if (library)
      for (const std::string &warning : library->takeWarnings())
        err << "mocc: warning: " << warning << "\n";
    if (!v) {
      err << "mocc: error: " << error << "\n";
      return error.find("not constant") != std::string::npos ? ExitModelError : ExitSimulationError;
    }
    values.push_back(*v);
  }
  size_t next = 0;
  out << formatValue(*value, values, next) << "\n";
  return ExitSuccess;
}

} // namespace mocc::driver
