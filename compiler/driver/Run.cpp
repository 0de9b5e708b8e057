// The run of a compiled model, fresh or from the cache of compiled models
// (Run.h). Nothing here needs LLVM: the `mocc` program runs a cached model
// with this alone (tools/mocc/main.cpp).
#include "compiler/driver/Run.h"

#include "compiler/ccode/ObjectCache.h"
#include "compiler/driver/ModelCache.h"
#include "compiler/driver/Names.h"
#include "compiler/driver/Plot.h"
#include "runtime/ModelicaUtilities.h"
#include "runtime/OutputGrid.h"
#include "runtime/Signals.h"
#include "runtime/Simulator.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <new>
#include <sstream>
#include <unistd.h>
#include <unordered_map>

namespace fs = std::filesystem;

namespace mocc::driver {

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// The directories of MODELICAPATH, in order.
std::vector<std::string> modelicaPath() {
  std::vector<std::string> dirs;
  if (const char *path = std::getenv("MODELICAPATH")) {
    std::stringstream list(path);
    std::string dir;
    while (std::getline(list, dir, ':'))
      if (!dir.empty())
        dirs.push_back(dir);
  }
  return dirs;
}

/// The files the command reads or may read, which a result must not
/// replace: the user's files, `--lib` files, and the library folders.
rt::RunInputs runInputs(const CompileOptions &options) {
  rt::RunInputs inputs;
  inputs.files = options.files;
  std::error_code ec;
  for (const std::string &lib : options.libraries)
    (fs::is_directory(lib, ec) ? inputs.folders : inputs.files).push_back(lib);
  for (const std::string &dir : modelicaPath())
    inputs.folders.push_back(dir);
  inputs.folders.push_back(bundledLibrary());
  return inputs;
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

std::string bundledLibrary() {
  if (const char *env = std::getenv("MOCC_STDLIB"))
    return env;
  return MOCC_STDLIB_DIR;
}

/// The format of the result file: `--format`, else the extension of `-o`
/// (CSV for `-` and for no `-o`). Nothing, with `problem` set, for an
/// extension mocc does not write (`-o x.txt` is not written as CSV), an
/// extension that contradicts `--format`, and MAT on standard output.
std::optional<rt::ResultFormat> resultFormat(const SimulateOptions &simulate,
                                             std::string &problem) {
  std::optional<rt::ResultFormat> byName;
  if (!simulate.output.empty())
    byName = rt::resultFormatOf(simulate.output);
  if (simulate.format.empty()) {
    if (simulate.output.empty() || byName)
      return byName.value_or(rt::ResultFormat::Csv);
    problem = "cannot tell the format of the result file `" + simulate.output +
              "`: mocc writes CSV (`.csv`) and MAT (`.mat`) files; give one of these "
              "extensions or `--format csv|mat`";
    return std::nullopt;
  }
  rt::ResultFormat format = simulate.format == "mat" ? rt::ResultFormat::Mat : rt::ResultFormat::Csv;
  if (simulate.output == "-" && format == rt::ResultFormat::Mat) {
    problem = "a MAT result cannot go to standard output (`-o -`): its sizes are completed at "
              "the end; give a file name";
    return std::nullopt;
  }
  if (byName && *byName != format && simulate.output != "-") {
    problem = "the result file `" + simulate.output + "` is named as a " +
              (*byName == rt::ResultFormat::Mat ? "MAT" : "CSV") + " file, but `--format " +
              simulate.format + "` was given";
    return std::nullopt;
  }
  return format;
}

/// The checks of `simulate`'s arguments that need no model: the result
/// file (OutputFile.h) and the number of output intervals. A usage error
/// (message and exit code 2) before any parsing; ExitSuccess to go on.
int checkSimulateArguments(const CompileOptions &options, const SimulateOptions &simulate,
                           std::ostream &err) {
  static_assert(maxOutputIntervals == static_cast<long>(rt::maxOutputIntervals));
  if (simulate.intervals > maxOutputIntervals) {
    err << "mocc: error: `--intervals " << simulate.intervals << "`: more than "
        << maxOutputIntervals << " output intervals (a result row each) is too many\n";
    return ExitUsageError;
  }
  if (!simulate.plot.empty() && simulate.output == "-") {
    err << "mocc: error: `--plot` draws the result file; it cannot read standard output (`-o -`)\n";
    return ExitUsageError;
  }
  if (simulate.output.empty())
    return ExitSuccess; // the default name is checked once the model is known
  if (std::string problem = rt::checkOutputPath(simulate.output, runInputs(options));
      !problem.empty()) {
    err << "mocc: error: " << problem << "\n";
    return ExitUsageError;
  }
  std::string problem;
  if (!resultFormat(simulate, problem)) {
    err << "mocc: error: " << problem << "\n";
    return ExitUsageError;
  }
  return ExitSuccess;
}

/// The output grid of `simulate` from the options and the experiment
/// annotation; a usage error (exit code 2) if it is empty or too large.
int setOutputGrid(const SimulateOptions &simulate, const rt::ExperimentDefaults &e,
                  rt::SimulationOptions &run, std::ostream &err) {
  run.startTime = std::isnan(simulate.startTime) ? e.startTime : simulate.startTime;
  run.stopTime = std::isnan(simulate.stopTime) ? e.stopTime : simulate.stopTime;
  // A stop time equal to the start time is a run of initialization alone
  // (one row): the MSL's tests of functions (ModelicaTest.Math) have
  // StopTime = 0.
  if (!(run.stopTime >= run.startTime)) {
    err << "mocc: error: the stop time " << run.stopTime << " is before the start time "
        << run.startTime << "\n";
    return ExitUsageError;
  }
  double span = run.stopTime - run.startTime;
  if (!std::isnan(simulate.interval))
    run.interval = simulate.interval;
  else if (simulate.intervals > 0 && span > 0)
    run.interval = span / static_cast<double>(simulate.intervals);
  else if (e.interval > 0)
    run.interval = e.interval;
  else
    run.interval = span > 0 ? span / 500.0 : 1.0;
  if (span / run.interval > rt::maxOutputIntervals) {
    err << "mocc: error: the output interval " << run.interval << " from " << run.startTime
        << " to " << run.stopTime << " gives more than " << maxOutputIntervals
        << " output points (a result row each): give a larger `--interval`\n";
    return ExitUsageError;
  }
  return ExitSuccess;
}

/// How the run reports its progress: on a terminal after a second (in
/// place), with --progress from the start (a line per report when stderr
/// is not a terminal), never with --quiet.
rt::ProgressOptions progressOptions(const SimulateOptions &simulate) {
  rt::ProgressOptions progress;
  bool terminal = isatty(STDERR_FILENO) != 0;
  progress.enabled = !simulate.quiet && (simulate.progress || terminal);
  progress.inPlace = terminal;
  progress.delay = simulate.progress ? 0.0 : 1.0;
  return progress;
}

/// After causalization: a start value overridden on a variable that is not
/// fixed (a guess) must be the one used; alias elimination gives an alias
/// the start value of the variable that replaces it. A usage error, else
/// ExitSuccess.
int checkOverriddenGuesses(const std::vector<std::string> &guesses,
                           const std::vector<data::OutputVariable> &outputs,
                           const flat::FlatModel &model, std::ostream &err) {
  if (guesses.empty())
    return ExitSuccess;
  std::unordered_map<std::string, const data::OutputVariable *> byName;
  for (const data::OutputVariable &o : outputs)
    byName.emplace(o.name, &o);
  for (const std::string &name : guesses) {
    auto it = byName.find(name);
    if (it == byName.end() || it->second->aliasOf < 0 ||
        static_cast<size_t>(it->second->aliasOf) >= model.variables.size())
      continue;
    const std::string &kept = model.variables[it->second->aliasOf].name;
    err << "mocc: error: the start value of `" << name << "` cannot be overridden: alias "
        << "elimination replaced `" << name << "` by " << (it->second->negated ? "-" : "") << "`"
        << kept << "`, whose start value is used; override `" << kept << ".start`\n";
    return ExitUsageError;
  }
  return ExitSuccess;
}

/// The run of a compiled model (fresh or from the cache) with the
/// overrides in its table: the output grid, the run, the result; `report`
/// prints what -v says of the compiled model.
int runCompiledModel(RunState &s, const CompileOptions &options, const SimulateOptions &simulate,
                     rt::CompiledModel &compiled, rt::SimulationOptions &run,
                     const std::function<void()> &report, std::ostream &out, std::ostream &err) {
  if (int code = setOutputGrid(simulate, compiled.experiment, run, err); code != ExitSuccess)
    return code;
  run.tolerance = std::isnan(simulate.tolerance) ? compiled.experiment.tolerance
                                                 : simulate.tolerance;
  run.verbose = options.verbose;
  run.progress = progressOptions(simulate);
  if (!simulate.linearSolver.empty())
    rt::parseLinearSolverKind(simulate.linearSolver, run.linearSolver);
  if (!selectColumns(compiled, simulate.vars, run.columns, err))
    return ExitUsageError;
  if (options.verbose)
    report();
  bool toStdout = run.outputPath == "-";
  rt::sendMessagesToStandardError(toStdout); // stdout holds the result only
  rt::SolverStatistics stats;
  s.phase = "simulating the model";
  s.running = true;
  rt::RunStatus status = rt::simulate(compiled, run, stats, err);
  rt::sendMessagesToStandardError(false);
  rt::setInterruptMessage("mocc: interrupted\n");
  s.times.add("initialization", stats.initSeconds);
  s.times.add("integration", stats.integrationSeconds);
  s.times.add("output", stats.outputSeconds);
  if (options.verbose || options.timePhases)
    s.times.print(err);
  if (int signal = rt::stopRequest()) {
    err << "mocc: " << status.message << "\n";
    return 128 + signal;
  }
  if (!status.ok) {
    err << "mocc: error: " << status.message << "\n";
    for (const std::string &note : status.notes)
      err << note << "\n";
    if (options.verbose && !status.solverDetail.empty())
      err << "note: the solver said: " << status.solverDetail << "\n";
    return ExitSimulationError;
  }
  if (!toStdout)
    out << "wrote " << run.outputPath << "\n";
  if (!simulate.plot.empty()) {
    PlotOptions plot{run.outputPath, splitVarList(simulate.plot), "", options.files};
    return runPlot(plot, out, err);
  }
  return ExitSuccess;
}

/// The result file of a run of the model named `modelName`: checked here
/// when it is the default one (the other is checked with the arguments).
int setOutputPath(const CompileOptions &options, const SimulateOptions &simulate,
                  const std::string &modelName, rt::SimulationOptions &run, std::ostream &err) {
  std::string formatProblem; // reported by checkSimulateArguments
  run.format = resultFormat(simulate, formatProblem).value_or(rt::ResultFormat::Csv);
  run.outputPath = simulate.output.empty()
                       ? modelName + "_res." + rt::resultFormatName(run.format)
                       : simulate.output;
  if (simulate.output.empty()) {
    if (std::string problem = rt::checkOutputPath(run.outputPath, runInputs(options));
        !problem.empty()) {
      err << "mocc: error: " << problem << "\n";
      return ExitUsageError;
    }
  }
  return ExitSuccess;
}


CacheSlot cacheSlot(const CompileOptions &options) {
  CacheSlot slot;
  if (options.noCache)
    return slot;
  std::string directory = ccode::defaultCacheDirectory();
  if (directory.empty())
    return slot;
  slot.roots = runInputs(options).folders;
  slot.key = modelCacheKey(options, slot.roots);
  if (!slot.key.empty())
    slot.folder = modelCacheFolder(directory);
  return slot;
}

/// A run of the compiled model from the cache; nothing if the overrides
/// need the model translated with them (the caller compiles it then).
std::optional<int> simulateCached(RunState &s, const CompileOptions &options,
                                  const SimulateOptions &simulate,
                                  const std::vector<Override> &overrides, CachedModel &cached,
                                  std::ostream &out, std::ostream &err) {
  std::vector<ModelOverride> resolved;
  if (std::string problem;
      !resolveModelOverrides(overrides, cached.variables, resolved, problem)) {
    err << "mocc: error: " << problem << "\n";
    return ExitUsageError;
  }
  std::vector<std::string> guesses = overriddenGuesses(overrides, cached.variables);
  rt::SimulationOptions run;
  if (int code = setOutputPath(options, simulate, cached.model.name, run, err);
      code != ExitSuccess)
    return code;
  std::vector<double> table;
  if (uint32_t variable = 0;
      !overrideTable(resolved, cached.overridable, static_cast<size_t>(cached.model.numSlots),
                     table, &variable)) {
    if (options.verbose)
      err << "note: the translation used the value of `" << cached.variables.variables[variable].name
          << "`: the compiled model in the cache cannot take the override; translating the "
             "model with the overrides in it\n";
    return std::nullopt;
  }
  cached.model.overrides = std::move(table);
  if (int code = checkOverriddenGuesses(guesses, cached.model.outputs, cached.variables, err);
      code != ExitSuccess)
    return code;
  auto reportTo = [&](std::ostream &stream) {
    return [&stream, &cached] {
      stream << "  compiled model: from the cache (" << cached.entryPath << ")\n";
    };
  };
  if (simulate.output == "-") // streamed: what is written stays written
    return runCompiledModel(s, options, simulate, cached.model, run, reportTo(err), out, err);
  // A run that fails is made again by the compiler (the run leaves no result
  // behind), which names the equation of a non-finite value: the cache
  // holds no equations, and what a run says must not depend on it (nor
  // does `-v` say that the model came from the cache).
  std::ostringstream said;
  int code =
      runCompiledModel(s, options, simulate, cached.model, run, reportTo(said), out, said);
  if (code == ExitSimulationError)
    return std::nullopt;
  err << said.str();
  return code;
}

std::optional<int> runSimulateCached(const CompileOptions &options,
                                     const SimulateOptions &simulate, std::ostream &out,
                                     std::ostream &err) {
  if (options.noCache)
    return std::nullopt;
  CacheSlot cache = cacheSlot(options);
  if (cache.folder.empty())
    return std::nullopt;
  SimulateOptions settings = simulate;
  std::vector<Override> overrides;
  std::string problem;
  if (!collectOverrides(simulate, overrides, problem) ||
      !applyExperimentOverrides(overrides, settings, problem))
    return std::nullopt; // the compiler says so
  if (std::ostringstream unused; checkSimulateArguments(options, settings, unused) != ExitSuccess)
    return std::nullopt; // the compiler says so
  RunState s;
  auto start = Clock::now();
  std::string why;
  std::unique_ptr<CachedModel> cached = loadCachedModel(cache.folder, cache.key, why);
  s.times.add("model cache", secondsSince(start));
  if (!cached)
    return std::nullopt;
  rt::setInterruptMessage("mocc: interrupted while loading; no result written\n");
  try {
    return simulateCached(s, options, settings, overrides, *cached, out, err);
  } catch (const std::bad_alloc &) {
    err << "mocc: error: memory exhausted while " << s.phase << "\n";
    return s.running ? ExitSimulationError : ExitModelError;
  }
}

} // namespace mocc::driver
