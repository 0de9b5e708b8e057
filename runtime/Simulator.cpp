// The runtime's entry points: the checks of a compiled model, initialization
// (assignments and KINSOL solves in the order the compiler gave), then the
// integration (Integration.h) and the result file; see Simulator.h.
#include "runtime/Simulator.h"

#include "runtime/ColoredJacobian.h"
#include "runtime/Integration.h"
#include "runtime/NonFinite.h"
#include "runtime/NonlinearSolver.h"
#include "runtime/NumberFormat.h"
#include "runtime/OutputGrid.h"
#include "runtime/RuntimeErrors.h"
#include "runtime/Signals.h"
#include "runtime/Stopwatch.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <new>
#include <cstring>
#include <set>

namespace mocc::rt {

namespace {

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
  if (selection.sets.empty() && selection.matrices.empty())
    return {};
  if (!selection.matrices.empty() && !selection.pivotsJvp)
    return "a selection matrix lacks the pivot kernel";
  for (int32_t slot : selection.columns)
    if (!validSlot(slot, model))
      return "a pivot column has a slot out of range";
  for (const SelectionMatrix &m : selection.matrices) {
    auto columns = static_cast<int32_t>(selection.columns.size());
    bool inRange = m.numStates > 0 && static_cast<size_t>(m.numStates) <= m.columns.size() &&
                   m.aSlots.size() == static_cast<size_t>(m.numStates) * m.columns.size() &&
                   m.columnChains.size() == m.columns.size() &&
                   m.stateChains.size() == static_cast<size_t>(m.numStates) &&
                   m.initial.size() == static_cast<size_t>(m.numStates);
    for (int32_t row : m.rows)
      inRange = inRange && row >= 0 && row < selection.numPivotRows;
    for (const std::vector<int32_t> *list : {&m.forced, &m.columns})
      for (int32_t column : *list)
        inRange = inRange && column >= 0 && column < columns;
    for (int32_t slot : m.aSlots)
      inRange = inRange && validSlot(slot, model);
    for (const auto *chains : {&m.columnChains, &m.stateChains})
      for (const std::vector<int32_t> &chain : *chains)
        for (int32_t slot : chain)
          inRange = inRange && validSlot(slot, model);
    for (int32_t j : m.initial)
      inRange = inRange && j >= 0 && static_cast<size_t>(j) < m.columns.size();
    if (!inRange)
      return "a selection matrix has an index or a slot out of range";
  }
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

/// Checks the discrete part of a model; returns what is wrong, empty if nothing.
std::string checkEvents(const CompiledModel &model) {
  const EventModel &events = model.events;
  if (events.numZeroCrossings < 0 || (events.numZeroCrossings > 0 && !events.zeroCrossings))
    return "the zero-crossing function is missing";
  if (events.preSlot.size() != events.valueSlot.size())
    return "preSlot and valueSlot differ in size";
  for (std::size_t i = 0; i < events.preSlot.size(); ++i)
    if (!validSlot(events.preSlot[i], model) || !validSlot(events.valueSlot[i], model))
      return "a pre() pair has a slot out of range";
  for (int32_t slot : events.relationSlots)
    if (!validSlot(slot, model))
      return "a relation has a slot out of range";
  for (const SampleClock &clock : events.samples)
    if (!validSlot(clock.flagSlot, model) || !validSlot(clock.startSlot, model) ||
        !validSlot(clock.intervalSlot, model))
      return "a sample clock has a slot out of range";
  for (int32_t slot : {events.initialSlot, events.terminalSlot, events.homotopySlot})
    if (slot != -1 && !validSlot(slot, model))
      return "initial(), terminal() or homotopy's lambda has a slot out of range";
  if (events.maxEventIterations < 1)
    return "maxEventIterations must be positive";
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
  if (problem = checkEvents(model); !problem.empty())
    return problem;
  return checkStateSelection(model);
}

/// Checks the run's options against the model; returns what is wrong.
std::string checkOptions(const SimulationOptions &options, const CompiledModel &model) {
  if (!std::isfinite(options.startTime) || !std::isfinite(options.stopTime) ||
      options.stopTime < options.startTime)
    return "the stop time must not be before the start time";
  if (!(options.interval > 0.0) || !std::isfinite(options.interval))
    return "the output interval must be positive";
  if ((options.stopTime - options.startTime) / options.interval > maxOutputIntervals)
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

/// Runs the init steps in order after the start values are set.
RunStatus runInitSteps(const CompiledModel &model, double t0, std::vector<double> &v,
                       SolverStatistics &stats) {
  // One dv for the JVPs of all systems (see solveImplicitSystem).
  std::vector<double> dv(v.size(), 0.0);
  for (const InitStep &step : model.init) {
    if (step.kind == InitStep::Kind::Assign) {
      if (step.assign)
        step.assign(t0, v.data(), nullptr);
      if (auto failure = generatedCodeFailure(t0))
        return *failure;
      continue;
    }
    RunStatus status = solveImplicitSystem(step.system, t0, v, stats, dv);
    if (auto failure = generatedCodeFailure(t0))
      return *failure;
    if (!status.ok) {
      status.message = "initialization failed at time " + formatTime(t0) + ": " + status.message;
      if (!allSlotsFinite(model,
                          v.data())) // where the values the solver tried last stop being finite
        status.message += "; " + describeNonFinite(model, t0, v.data(), nullptr, 0, 0);
      return status;
    }
  }
  return {};
}

/// The -v summary.
/// `init` holds the counters after initialization (KINSOL's), `stats` the
/// totals: integration is the difference.
void logStatistics(std::ostream &log, const CompiledModel &model, const SolverStatistics &init,
                   const SolverStatistics &stats, const RunStatus &status) {
  long systems = std::count_if(model.init.begin(), model.init.end(), [](const InitStep &step) {
    return step.kind == InitStep::Kind::Solve;
  });
  log << "simulation of `" << model.name << "` " << (status.ok ? "succeeded" : "failed") << "\n"
      << "  states and algebraic unknowns: " << model.ySlot.size() << " (Jacobian "
      << model.jacobian.rowIdx.size() << " nonzeros, " << model.jacobian.numColors << " colors)\n"
      << (model.stateSelection.sets.size() > 1
              ? "  state sets: " + std::to_string(model.stateSelection.sets.size()) +
                    ", switches: " + std::to_string(stats.stateSetSwitches) + "\n"
              : std::string())
      << (model.events.empty()
              ? std::string()
              : "  events: " + std::to_string(stats.stateEvents) + " state, " +
                    std::to_string(stats.timeEvents) + " time (event iterations: " +
                    std::to_string(stats.eventIterations) + ")\n")
      << (systems == 0 ? std::string()
                       : "  initialization: " + std::to_string(systems) +
                             " nonlinear system(s), residual evaluations: " +
                             std::to_string(init.residualEvaluations) +
                             ", Jacobian evaluations: " + std::to_string(init.jacobianEvaluations) +
                             ", nonlinear iterations: " + std::to_string(init.nonlinearIterations) +
                             "\n")
      << "  steps: " << stats.steps << " (error test failures: " << stats.errorTestFailures
      << ", convergence failures: " << stats.convergenceFailures << ")\n"
      << (stats.pointsSolvedAgain == 0
              ? std::string()
              : "  interpolated points solved again: " +
                    std::to_string(stats.pointsSolvedAgain) + "\n")
      << "  residual evaluations: " << stats.residualEvaluations - init.residualEvaluations
      << ", Jacobian evaluations: " << stats.jacobianEvaluations - init.jacobianEvaluations
      << ", nonlinear iterations: " << stats.nonlinearIterations - init.nonlinearIterations << "\n"
      << (stats.linearSolver.empty() ? std::string() : "  " + stats.linearSolver + "\n")
      << "  time: initialization " << stats.initSeconds << " s, integration "
      << stats.integrationSeconds << " s, output " << stats.outputSeconds << " s\n";
}

/// The status of a run that a signal stopped at time t.
RunStatus interrupted(double t, const std::string &outputPath) {
  return {false, t,
          "interrupted at model time t = " + formatTime(t) +
              (outputPath == "-" ? "; the result on standard output is incomplete"
                                 : "; no result written")};
}

} // namespace

void destroyExternalObjects(const CompiledModel &model, const std::vector<double> &v) {
  std::set<uint64_t> destroyed{0}; // 0: never constructed
  for (size_t i = model.externalObjects.size(); i-- > 0;) {
    const CompiledModel::ExternalObject &object = model.externalObjects[i];
    if (object.slot < 0 || static_cast<size_t>(object.slot) >= v.size() || !object.destructor)
      continue;
    uint64_t bits;
    std::memcpy(&bits, &v[static_cast<size_t>(object.slot)], sizeof bits);
    if (!destroyed.insert(bits).second)
      continue; // shared by another parameter
    double in = v[static_cast<size_t>(object.slot)];
    object.destructor(&in, nullptr);
  }
}

namespace {

/// The initialization steps, by continuation in the lambda of
/// homotopy(actual, simplified) where the model has one (MLS 3.7.4.4; the
/// global homotopy of Dymola and OpenModelica's initialization): solved at
/// lambda = 0 (the simplified problem) from the start values, then at
/// lambdas up to 1, each from the solution before (steps of 0.25, doubled
/// up to 0.5 after a success, quartered after a failure, given up below
/// 1e-4). If that fails, the steps run at lambda = 1 from the start
/// values, as without homotopy. Lambda is 1 after.
RunStatus initializeWithHomotopy(const CompiledModel &model, double t0, std::vector<double> &v,
                                 SolverStatistics &stats) {
  int32_t slot = model.events.homotopySlot;
  if (slot < 0 || slot >= model.numSlots)
    return runInitSteps(model, t0, v, stats);
  const std::vector<double> start = v;
  auto solveAt = [&](double lambda) {
    v[static_cast<size_t>(slot)] = lambda;
    clearRuntimeMessages();
    return runInitSteps(model, t0, v, stats);
  };
  RunStatus status = solveAt(0.0);
  double lambda = 0.0, step = 0.25;
  std::vector<double> solved = v;
  while (status.ok && lambda < 1.0) {
    double next = std::min(1.0, lambda + step);
    RunStatus at = solveAt(next);
    if (at.ok) {
      lambda = next;
      solved = v;
      step = std::min(0.5, 2 * step);
      continue;
    }
    v = solved;
    step /= 4;
    if (step < 1e-4)
      status = at;
  }
  if (status.ok)
    return status;
  v = start;
  return solveAt(1.0);
}

} // namespace

RunStatus initialize(const CompiledModel &model, double t0, std::vector<double> &v,
                     SolverStatistics &stats) {
  Stopwatch watch;
  if (std::string problem = checkInitSteps(model); !problem.empty())
    return {false, t0, "the compiled model is invalid: " + problem};
  v.assign(static_cast<std::size_t>(model.numSlots), 0.0);
  OverrideScope overrides(model.overrides);
  if (model.events.initialSlot >= 0 && model.events.initialSlot < model.numSlots)
    v[model.events.initialSlot] = 1.0; // initial(): 1 while the initialization problem is solved
  if (model.events.homotopySlot >= 0 && model.events.homotopySlot < model.numSlots)
    v[model.events.homotopySlot] = 1.0; // lambda: 1 but while initialization follows it
  clearRuntimeMessages();
  for (KernelFn kernel : {model.setParameters, model.setStartValues}) {
    if (kernel)
      kernel(t0, v.data(), nullptr);
    if (auto failure = generatedCodeFailure(t0))
      return *failure;
  }
  RunStatus status = initializeWithHomotopy(model, t0, v, stats);
  stats.initSeconds += watch.seconds();
  return status;
}

RunStatus simulate(const CompiledModel &model, const SimulationOptions &options,
                   SolverStatistics &stats, std::ostream &log) {
  limitGeneratedCodeStack();
  std::string problem = checkModel(model);
  if (!problem.empty())
    return {false, options.startTime, "the compiled model is invalid: " + problem};
  if (problem = checkOptions(options, model); !problem.empty())
    return {false, options.startTime, problem};
  StopPolling polling; // a signal now stops the run at the next step
  bool writing = !options.outputPath.empty();
  std::unique_ptr<ResultWriter> writer = ResultWriter::create(options.format);
  if (writing && !writer->open(options.outputPath, model, options.columns))
    return {false, options.startTime, writer->error()};
  ResultRows rows(model, writing ? writer.get() : nullptr);
  std::vector<double> v;
  RunStatus status;
  SolverStatistics init;
  try {
    status = initialize(model, options.startTime, v, stats);
    init = stats;
    if (status.ok)
      status = integrate(model, options, v, rows, stats, log);
  } catch (const std::bad_alloc &) {
    // Memory ran out in the runtime (the solver's matrices, the rows):
    // a failure of the run at the last time it reached.
    double t = std::isnan(rows.lastTime()) ? options.startTime : rows.lastTime();
    status = {false, t, "simulation failed at time t = " + formatTime(t) + ": out of memory"};
  }
  if (stopRequest())
    status = interrupted(status.ok ? options.stopTime : status.time, options.outputPath);
  if (status.ok && writing && !writer->commit())
    status = {false, options.stopTime, writer->error()};
  if (!status.ok)
    writer->discard();
  destroyExternalObjects(model, v);
  for (const std::string &warning : takeRuntimeWarnings())
    log << "warning: " << warning << "\n";
  if (options.verbose)
    logStatistics(log, model, init, stats, status);
  return status;
}

} // namespace mocc::rt
