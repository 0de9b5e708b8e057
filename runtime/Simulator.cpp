// The runtime's entry points: initialization (assignments and KINSOL solves in
// the order the compiler gave), then IDA over the output grid with one result
// row per grid point; see Simulator.h.
#include "runtime/Simulator.h"

#include "runtime/ColoredJacobian.h"
#include "runtime/CsvWriter.h"
#include "runtime/DaeIntegrator.h"
#include "runtime/NonlinearSolver.h"
#include "runtime/NumberFormat.h"
#include "runtime/OutputGrid.h"
#include "runtime/RuntimeErrors.h"
#include "runtime/StateSelection.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>

namespace mocc::rt {

namespace {

/// More output points than this are refused.
constexpr double maxOutputPoints = 1e9;

/// Measures elapsed wall-clock time.
class Stopwatch {
public:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

bool validSlot(int64_t slot, const CompiledModel &model) {
  return slot >= 0 && slot < model.numSlots;
}

/// Checks the blocks of a state set against the pivot Jacobian's size.
std::string checkPivotBlocks(const StateSet &set, const DynamicStateSelection &selection) {
  auto columns = static_cast<int32_t>(selection.columns.size());
  for (const PivotBlock &block : set.pivotBlocks) {
    if (block.rows.size() != block.columns.size())
      return "a pivot block is not square";
    for (int32_t row : block.rows)
      if (row < 0 || row >= selection.numPivotRows)
        return "a pivot block has a row out of range";
    for (int32_t column : block.columns)
      if (column < 0 || column >= columns)
        return "a pivot block has a column out of range";
  }
  return {};
}

/// Checks the alternative state sets; returns what is wrong, empty if nothing.
std::string checkStateSelection(const CompiledModel &model) {
  const DynamicStateSelection &selection = model.stateSelection;
  if (selection.sets.empty())
    return {};
  if (!selection.pivotsJvp || !(selection.switchRatio > 0.0 && selection.switchRatio <= 1.0))
    return "dynamic state selection lacks its pivot kernel or has a bad switch ratio";
  for (int32_t slot : selection.columns)
    if (!validSlot(slot, model))
      return "a pivot column has a slot out of range";
  for (const StateSet &set : selection.sets) {
    auto n = static_cast<int64_t>(set.ySlot.size());
    if (set.ypSlot.size() != set.ySlot.size() || (!set.yNominal.empty() && set.yNominal.size() != set.ySlot.size()))
      return "the state set " + set.description + " has vectors of different sizes";
    for (int64_t i = 0; i < n; ++i)
      if (!validSlot(set.ySlot[i], model) || (set.ypSlot[i] != -1 && !validSlot(set.ypSlot[i], model)))
        return "the state set " + set.description + " has a slot out of range";
    if (n > 0 && (!set.residual || !set.jvp))
      return "the state set " + set.description + " lacks its residual function";
    if (std::string problem = checkPattern(set.jacobian, n); !problem.empty())
      return "the state set " + set.description + " has a bad Jacobian pattern: " + problem;
    if (std::string problem = checkPivotBlocks(set, selection); !problem.empty())
      return problem;
  }
  return {};
}

/// Checks the DAE part of a model; returns what is wrong, empty if nothing.
std::string checkModel(const CompiledModel &model) {
  auto n = static_cast<int64_t>(model.ySlot.size());
  if (model.ypSlot.size() != model.ySlot.size())
    return "ySlot and ypSlot differ in size";
  if (!model.yNominal.empty() && static_cast<int64_t>(model.yNominal.size()) != n)
    return "yNominal and ySlot differ in size";
  for (int64_t i = 0; i < n; ++i) {
    if (!validSlot(model.ySlot[i], model) ||
        (model.ypSlot[i] != -1 && !validSlot(model.ypSlot[i], model)))
      return "component " + std::to_string(i) + " has a slot out of range";
  }
  for (const OutputVariable &output : model.outputs) {
    if (!validSlot(output.slot, model))
      return "output `" + output.name + "` has a slot out of range";
  }
  if (n > 0 && (!model.residual || !model.jvp))
    return "the residual function or its derivative is missing";
  std::string problem = checkPattern(model.jacobian, n);
  if (!problem.empty())
    return "bad Jacobian pattern: " + problem;
  return checkStateSelection(model);
}

/// Checks the run's options against the model; returns what is wrong.
std::string checkOptions(const SimulationOptions &options, const CompiledModel &model) {
  if (!std::isfinite(options.startTime) || !std::isfinite(options.stopTime) ||
      options.stopTime < options.startTime)
    return "the stop time must not be before the start time";
  if (!(options.interval > 0.0) || !std::isfinite(options.interval))
    return "the output interval must be positive";
  if ((options.stopTime - options.startTime) / options.interval > maxOutputPoints)
    return "the output interval gives more than 1e9 output points";
  if (!(options.tolerance > 0.0))
    return "the tolerance must be positive";
  for (int32_t column : options.columns) {
    if (column < 0 || column >= static_cast<int32_t>(model.outputs.size()))
      return "output column " + std::to_string(column) + " does not exist";
  }
  return {};
}

/// Checks that every implicit system's unknowns are slots of the model.
std::string checkInitSteps(const CompiledModel &model) {
  for (const InitStep &step : model.init) {
    if (step.kind != InitStep::Kind::Solve)
      continue;
    for (int32_t slot : step.system.unknowns) {
      if (!validSlot(slot, model))
        return "an unknown of " + step.system.description + " has a slot out of range";
    }
  }
  return {};
}

/// The failure of generated code at t, if it reported one (it takes
/// precedence over what the solvers made of it).
std::optional<RunStatus> generatedCodeFailure(double t) {
  auto failure = takeRuntimeFailure(t);
  if (!failure)
    return std::nullopt;
  return RunStatus{false, failure->time, failure->describe()};
}

/// Runs the init steps in order after the start values are set.
RunStatus runInitSteps(const CompiledModel &model, double t0, std::vector<double> &v,
                       SolverStatistics &stats) {
  for (const InitStep &step : model.init) {
    if (step.kind == InitStep::Kind::Assign) {
      if (step.assign)
        step.assign(t0, v.data(), nullptr);
      if (auto failure = generatedCodeFailure(t0))
        return *failure;
      continue;
    }
    RunStatus status = solveImplicitSystem(step.system, t0, v, stats);
    if (auto failure = generatedCodeFailure(t0))
      return *failure;
    if (!status.ok) {
      status.message = "initialization failed at time " + formatTime(t0) + ": " + status.message;
      return status;
    }
  }
  return {};
}

/// Writes the selected outputs as result rows and times the writing.
class ResultRows {
public:
  ResultRows(const CompiledModel &model, const SimulationOptions &options, CsvWriter *writer)
      : writer_(writer), row_(options.columns.size() + 1) {
    for (int32_t column : options.columns)
      slots_.push_back(model.outputs[column].slot);
  }

  void write(double t, const std::vector<double> &v) {
    if (!writer_)
      return;
    Stopwatch watch;
    row_[0] = t;
    for (std::size_t i = 0; i < slots_.size(); ++i)
      row_[i + 1] = v[slots_[i]];
    writer_->writeRow(row_);
    seconds_ += watch.seconds();
  }

  double seconds() const { return seconds_; }

private:
  CsvWriter *writer_;
  std::vector<int32_t> slots_;
  std::vector<double> row_;
  double seconds_ = 0.0;
};

/// The model as IDA sees it with each of its state sets.
std::vector<std::unique_ptr<CompiledModel>> stateSetViews(const CompiledModel &model) {
  std::vector<std::unique_ptr<CompiledModel>> views;
  for (const StateSet &set : model.stateSelection.sets) {
    auto view = std::make_unique<CompiledModel>();
    view->name = model.name;
    view->numSlots = model.numSlots;
    view->ySlot = set.ySlot;
    view->ypSlot = set.ypSlot;
    view->yNominal = set.yNominal;
    view->residual = set.residual;
    view->jvp = set.jvp;
    view->jacobian = set.jacobian;
    views.push_back(std::move(view));
  }
  return views;
}

/// Integration with dynamic state selection: IDA in one-step mode, the
/// outputs interpolated, and after every step the state sets rated; a switch
/// restarts IDA with the new set from the values at that step. A step that
/// fails is retried once with the best set at the last good point.
class SwitchingIntegration {
public:
  SwitchingIntegration(const CompiledModel &model, const SimulationOptions &options,
                       std::vector<double> &v, SolverStatistics &stats, std::ostream &log)
      : model_(model), options_(options), v_(v), stats_(stats), log_(log),
        grid_(options.startTime, options.stopTime, options.interval),
        views_(stateSetViews(model)), rater_(model) {}

  RunStatus run(ResultRows &rows);

private:
  RunStatus restart(int set, double t, std::size_t nextOutput);
  int rate(double t, int current) {
    return chooseStateSet(rater_.rate(t, v_), current, model_.stateSelection.switchRatio);
  }

  const CompiledModel &model_;
  const SimulationOptions &options_;
  std::vector<double> &v_;
  SolverStatistics &stats_;
  std::ostream &log_;
  OutputGrid grid_;
  std::vector<std::unique_ptr<CompiledModel>> views_;
  StateSetRater rater_;
  std::unique_ptr<DaeIntegrator> integrator_;
  int current_ = -1;
};

RunStatus SwitchingIntegration::run(ResultRows &rows) {
  double t = options_.startTime, good = t;
  RunStatus status = restart(rate(t, -1), t, grid_.size() > 1 ? 1 : 0);
  if (status.ok)
    rows.write(grid_.time(0), v_);
  std::size_t k = 1;
  while (status.ok && k < grid_.size()) {
    status = integrator_->step(t);
    if (!status.ok) { // retry from the last good point with the best set
      RunStatus failure = status;
      status = integrator_->interpolate(good);
      int best = status.ok ? rate(good, -1) : current_;
      status = best == current_ ? failure : restart(best, t = good, k);
      continue;
    }
    good = t;
    for (; status.ok && k < grid_.size() && grid_.time(k) <= t; ++k) {
      status = integrator_->interpolate(grid_.time(k));
      if (status.ok)
        rows.write(grid_.time(k), v_);
    }
    if (!status.ok || k == grid_.size())
      break;
    status = integrator_->interpolate(t); // v at the step, for the rating
    int next = status.ok ? rate(t, current_) : current_;
    if (next != current_)
      status = restart(next, t, k);
  }
  integrator_->addStatistics(stats_);
  return status;
}

RunStatus SwitchingIntegration::restart(int set, double t, std::size_t nextOutput) {
  if (integrator_) {
    integrator_->addStatistics(stats_);
    ++stats_.stateSetSwitches;
    if (options_.verbose)
      log_ << "state selection: at t = " << formatTime(t) << " the states change from "
           << model_.stateSelection.sets[current_].description << " to "
           << model_.stateSelection.sets[set].description << "\n";
  }
  current_ = set;
  integrator_ = std::make_unique<DaeIntegrator>(*views_[set], v_);
  return integrator_->start(t, options_.stopTime, options_.tolerance,
                            grid_.time(std::min(nextOutput, grid_.size() - 1)));
}

/// Integrates from the initialized state over the output grid.
RunStatus integrate(const CompiledModel &model, const SimulationOptions &options,
                    std::vector<double> &v, ResultRows &rows, SolverStatistics &stats,
                    std::ostream &log) {
  if (model.stateSelection.sets.size() > 1) {
    Stopwatch watch;
    RunStatus status = SwitchingIntegration(model, options, v, stats, log).run(rows);
    stats.integrationSeconds += watch.seconds() - rows.seconds();
    stats.outputSeconds += rows.seconds();
    return status;
  }
  Stopwatch watch;
  OutputGrid grid(options.startTime, options.stopTime, options.interval);
  DaeIntegrator integrator(model, v);
  double firstOutput = grid.time(grid.size() > 1 ? 1 : 0);
  RunStatus status =
      integrator.start(options.startTime, options.stopTime, options.tolerance, firstOutput);
  if (status.ok)
    rows.write(grid.time(0), v);
  for (std::size_t k = 1; status.ok && k < grid.size(); ++k) {
    status = integrator.advanceTo(grid.time(k));
    if (status.ok)
      rows.write(grid.time(k), v);
  }
  integrator.addStatistics(stats);
  stats.integrationSeconds += watch.seconds() - rows.seconds();
  stats.outputSeconds += rows.seconds();
  return status;
}

/// The -v summary.
void logStatistics(std::ostream &log, const CompiledModel &model, const SolverStatistics &stats,
                   const RunStatus &status) {
  log << "simulation of `" << model.name << "` " << (status.ok ? "succeeded" : "failed") << "\n"
      << "  states and algebraic unknowns: " << model.ySlot.size() << " (Jacobian "
      << model.jacobian.rowIdx.size() << " nonzeros, " << model.jacobian.numColors << " colors)\n"
      << (model.stateSelection.sets.size() > 1
              ? "  state sets: " + std::to_string(model.stateSelection.sets.size()) +
                    ", switches: " + std::to_string(stats.stateSetSwitches) + "\n"
              : std::string())
      << "  steps: " << stats.steps << " (error test failures: " << stats.errorTestFailures
      << ", convergence failures: " << stats.convergenceFailures << ")\n"
      << "  residual evaluations: " << stats.residualEvaluations
      << ", Jacobian evaluations: " << stats.jacobianEvaluations
      << ", nonlinear iterations: " << stats.nonlinearIterations << "\n"
      << "  time: initialization " << stats.initSeconds << " s, integration "
      << stats.integrationSeconds << " s, output " << stats.outputSeconds << " s\n";
}

} // namespace

RunStatus initialize(const CompiledModel &model, double t0, std::vector<double> &v,
                     SolverStatistics &stats) {
  Stopwatch watch;
  if (std::string problem = checkInitSteps(model); !problem.empty())
    return {false, t0, "the compiled model is invalid: " + problem};
  v.assign(static_cast<std::size_t>(model.numSlots), 0.0);
  clearRuntimeMessages();
  for (KernelFn kernel : {model.setParameters, model.setStartValues}) {
    if (kernel)
      kernel(t0, v.data(), nullptr);
    if (auto failure = generatedCodeFailure(t0))
      return *failure;
  }
  RunStatus status = runInitSteps(model, t0, v, stats);
  stats.initSeconds += watch.seconds();
  return status;
}

RunStatus simulate(const CompiledModel &model, const SimulationOptions &options,
                   SolverStatistics &stats, std::ostream &log) {
  std::string problem = checkModel(model);
  if (!problem.empty())
    return {false, options.startTime, "the compiled model is invalid: " + problem};
  if (problem = checkOptions(options, model); !problem.empty())
    return {false, options.startTime, problem};
  CsvWriter writer;
  bool writing = !options.outputPath.empty();
  std::vector<std::string> names{"time"};
  for (int32_t column : options.columns)
    names.push_back(model.outputs[column].name);
  if (writing && !writer.open(options.outputPath, names))
    return {false, options.startTime, writer.error()};
  ResultRows rows(model, options, writing ? &writer : nullptr);
  std::vector<double> v;
  RunStatus status = initialize(model, options.startTime, v, stats);
  if (status.ok)
    status = integrate(model, options, v, rows, stats, log);
  if (status.ok && writing && !writer.commit())
    status = {false, options.stopTime, writer.error()};
  for (const std::string &warning : takeRuntimeWarnings())
    log << "warning: " << warning << "\n";
  if (options.verbose)
    logStatistics(log, model, stats, status);
  return status;
}

} // namespace mocc::rt
