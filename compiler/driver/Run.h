// The run of a compiled model, fresh or from the cache of compiled models
// (ModelCache.h): the output grid and the result file from the options, the
// overrides checked and put in the model's table, the run, the report. No
// LLVM: the `mocc` program runs a model from the cache with this alone and
// hands every other command to the compiler (tools/mocc/main.cpp).
#pragma once

#include "compiler/driver/Driver.h"
#include "compiler/driver/Overrides.h"
#include "runtime/CompiledModel.h"
#include "runtime/OutputFile.h"
#include "runtime/Progress.h"
#include "runtime/ResultWriter.h"
#include "runtime/Simulator.h"

#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <sys/resource.h>
#include <vector>

namespace mocc::driver {

struct CachedModel;

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start);

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

/// What a command reports at its end and on failure: the phase times, what
/// it is doing (for a message if memory runs out), and whether it runs the
/// model's code (memory exhausted then is a run-time failure, exit 3).
struct RunState {
  PhaseTimes times;
  const char *phase = "loading the model";
  bool running = false;
};

/// The directories of MODELICAPATH, in order.
std::vector<std::string> modelicaPath();

/// The files the command reads or may read, which a result must not
/// replace: the user's files, `--lib` files, and the library folders.
rt::RunInputs runInputs(const CompileOptions &options);

/// The format of the result file: `--format`, else the extension of `-o`;
/// nothing, with `problem` set, if they disagree or say nothing known.
std::optional<rt::ResultFormat> resultFormat(const SimulateOptions &simulate,
                                             std::string &problem);

/// The checks of `simulate`'s arguments that need no model; an exit code.
int checkSimulateArguments(const CompileOptions &options, const SimulateOptions &simulate,
                           std::ostream &err);

/// The output grid of `simulate` from the options and the experiment
/// annotation; an exit code.
int setOutputGrid(const SimulateOptions &simulate, const rt::ExperimentDefaults &e,
                  rt::SimulationOptions &run, std::ostream &err);

/// How the run reports its progress.
rt::ProgressOptions progressOptions(const SimulateOptions &simulate);

/// The columns of `--vars` (all without it); false with a message if a
/// pattern matches nothing.
bool selectColumns(const rt::CompiledModel &model, const std::string &vars,
                   std::vector<int32_t> &columns, std::ostream &err);

/// After causalization: a start value overridden on a variable that alias
/// elimination replaced is a usage error; an exit code.
int checkOverriddenGuesses(const std::vector<std::string> &guesses,
                           const std::vector<data::OutputVariable> &outputs,
                           const flat::FlatModel &model, std::ostream &err);

/// The run of a compiled model whose override table is set; `report`
/// prints what -v says of the compiled model. An exit code.
int runCompiledModel(RunState &s, const CompileOptions &options, const SimulateOptions &simulate,
                     rt::CompiledModel &compiled, rt::SimulationOptions &run,
                     const std::function<void()> &report, std::ostream &out, std::ostream &err);

/// The result file of a run of the model named `modelName`; an exit code.
int setOutputPath(const CompileOptions &options, const SimulateOptions &simulate,
                  const std::string &modelName, rt::SimulationOptions &run, std::ostream &err);

/// Where the compiled model of a run is kept in the cache (ModelCache.h).
struct CacheSlot {
  std::string folder; ///< empty: no cache (--no-cache, no cache folder)
  std::string key;
  std::vector<std::string> roots; ///< the library folders searched
};

CacheSlot cacheSlot(const CompileOptions &options);

/// A run of the compiled model from the cache with the overrides checked
/// against it; nothing if an override needs the model translated with it.
std::optional<int> simulateCached(RunState &s, const CompileOptions &options,
                                  const SimulateOptions &simulate,
                                  const std::vector<Override> &overrides, CachedModel &cached,
                                  std::ostream &out, std::ostream &err);

/// `mocc simulate` of a model in the cache, without loading the compiler:
/// nothing if it must be compiled (no entry, a changed file, a damaged
/// entry, an override that needs a translation, a usage error the compiler
/// reports), else the exit code of the run.
std::optional<int> runSimulateCached(const CompileOptions &options,
                                     const SimulateOptions &simulate, std::ostream &out,
                                     std::ostream &err);

} // namespace mocc::driver
