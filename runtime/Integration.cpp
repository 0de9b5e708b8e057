// The hybrid integration loop; see Integration.h. What the runtime calls,
// and in which order:
//
// - Start (t0): initialize() solved the initialization problem with
//   initial() = 1; the initial event iteration runs with initial() = 0
//   (the initialization phase is over, MLS 3.7.3: a change of a discrete
//   value in its rounds is seen by `change(x) and not initial()`). The
//   sample clocks due at t0 raise their flags; after the first rounds
//   `assertions` runs once with initial() = 1 (the calls of initial
//   algorithms and the effects of when-branches that fire at
//   initialization are guarded by initial()). Then the row at t0.
// - Between events: IDA integrates towards the next output time, never
//   past the next sample instant or the stop time (IDA's stop time), and
//   watches the zero crossings (`residual`, then `zeroCrossings`, at each
//   point IDA asks for). At each output time: `assertions`, then the row.
// - An event (a root, or a sample instant reached): `assertions` and the row
//   before the event (the values at the event time from the left); the
//   output times that coincide with it are covered by the event's rows; the
//   event iteration; `assertions` and the row after the event.
// - The event iteration: rounds of pre := value, the continuous equations
//   (settle(): `residual` on the values as they are if the equations hold,
//   else IDAReInit and IDACalcIC at fixed states, alternating with
//   `relations` until the relations agree), `update`, again settle() and
//   `update` until the discrete values stop changing within the round, then
//   `effects` (reinit, calls, asserts, terminate), until no value
//   differs from its pre (the flags
//   of the clocks due go to 1 after the first pre := value); then the
//   flags and initial() go to 0, IDA restarts from the values (IDAReInit,
//   IDACalcIC for y' and the algebraic components if the equations do not
//   hold), and a last round of pre := value, `update`, `effects` checks that the
//   consistent values change nothing (else the iteration goes on). At most
//   maxEventIterations rounds.
// - A terminate() request after an event iteration, or the stop time: with
//   terminal() = 1, pre := value, `residual`, `update` and `effects` once; `assertions`
//   and the last row; the run ends (successfully after terminate()).
// - Dynamic state selection: IDA in one-step mode; after each step the sets
//   are rated, and a switch restarts IDA with the new set as an event does.
// - delay() (Delays.h): IDA in one-step mode; `residual` and
//   `zeroCrossings` once more, recording the delayed expressions, after the
//   initial event iteration, after each step (and each output time reached
//   without one), and before and after each event. The instants where a
//   jump recorded at an event leaves a delay are time events.
#include "runtime/Integration.h"

#include "runtime/ModelicaUtilities.h"

#include "runtime/DaeIntegrator.h"
#include "runtime/Delays.h"
#include "runtime/Events.h"
#include "runtime/NonFinite.h"
#include "runtime/NumberFormat.h"
#include "runtime/OutputGrid.h"
#include "runtime/RuntimeErrors.h"
#include "runtime/Signals.h"
#include "runtime/StateSelection.h"
#include "runtime/Stopwatch.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <memory>
#include <optional>

namespace mocc::rt {

std::optional<RunStatus> generatedCodeFailure(double t) {
  auto failure = takeRuntimeFailure(t);
  if (!failure)
    return std::nullopt;
  return RunStatus{false, failure->time, failure->describe()};
}

ResultRows::ResultRows(const CompiledModel &model, ResultWriter *writer) : writer_(writer) {
  if (writer_ && model.aliases) {
    std::vector<int32_t> aliases = model.aliasSlots;
    std::sort(aliases.begin(), aliases.end());
    const std::vector<int32_t> &read = writer_->slotsRead();
    needsAliases_ = aliases.empty() || std::any_of(read.begin(), read.end(), [&](int32_t s) {
                      return std::binary_search(aliases.begin(), aliases.end(), s);
                    });
  }
}

void ResultRows::write(double t, const std::vector<double> &v) {
  ++count_;
  lastTime_ = t;
  if (!writer_)
    return;
  Stopwatch watch;
  writer_->write(t, v);
  seconds_ += watch.seconds();
}

namespace {

/// The model as IDA sees it with each of its state sets.
std::vector<std::unique_ptr<CompiledModel>> stateSetViews(const CompiledModel &model) {
  std::vector<std::unique_ptr<CompiledModel>> views;
  for (const StateSet &set : model.stateSelection.sets) {
    auto view = std::make_unique<CompiledModel>();
    view->externalObjects = model.externalObjects;
    if (model.explainNonFinite) {
      auto k = static_cast<int32_t>(views.size());
      view->explainNonFinite = [&model, k](double t, const double *v, const double *residuals,
                                           int32_t) {
        return model.explainNonFinite(t, v, residuals, k);
      };
    }
    view->name = model.name;
    view->numSlots = model.numSlots;
    view->ySlot = set.ySlot;
    view->ypSlot = set.ypSlot;
    view->yNominal = set.yNominal;
    view->residual = set.residual;
    view->jvp = set.jvp;
    view->jacobian = set.jacobian;
    // The names of its unknowns only, for the messages of a failure.
    std::vector<int32_t> slots(set.ySlot);
    std::sort(slots.begin(), slots.end());
    for (const OutputVariable &output : model.outputs)
      if (std::binary_search(slots.begin(), slots.end(), output.slot))
        view->outputs.push_back(output);
    views.push_back(std::move(view));
  }
  return views;
}

/// "simulation failed at time t = <t>: <what>".
RunStatus failedAt(double t, const std::string &what) {
  return {false, t, "simulation failed at time t = " + formatTime(t) + ": " + what};
}

/// One run of the loop described at the top of this file.
class Integration {
public:
  Integration(const CompiledModel &model, const SimulationOptions &options,
              std::vector<double> &v, ResultRows &rows, SolverStatistics &stats,
              std::ostream &log)
      : model_(model), events_(model.events), options_(options), v_(v), rows_(rows),
        stats_(stats), log_(log), grid_(options.startTime, options.stopTime, options.interval),
        span_(options.stopTime - options.startTime), pre_(model.events), chattering_(span_),
        views_(stateSetViews(model)), rater_(model),
        multipleSets_(model.stateSelection.sets.size() > 1),
        switching_(multipleSets_ || !model.stateSelection.matrices.empty()),
        rating_(rated(model.stateSelection)),
        progress_(options.progress, options.startTime, options.stopTime) {
    for (const SelectionMatrix &m : model.stateSelection.matrices)
      matrixStates_.push_back(m.initial);
  }

  RunStatus run();

private:
  RunStatus begin();
  RunStatus advance();
  RunStatus afterStep(double t, double stopTime);
  RunStatus writeOutputTimesBefore(double limit);
  RunStatus retryFailedStep(const RunStatus &failure);
  RunStatus jumpAfterFailure(const RunStatus &failure);
  RunStatus event(double t, bool stateEvent);
  RunStatus iterate(double t);
  RunStatus updateUntilStable(double t, int &iterations, bool first);
  RunStatus round(double t, int &iterations, bool solve);
  /// The repeats of settle() and `update` within a round, at most.
  static constexpr int maxRoundRepeats = 10;
  void settle(double t);
  void solveContinuous(double t);
  void searchRelations(double t, const std::vector<std::vector<double>> &visited);
  /// Rounds of settle(): continuous solve and relations, at most.
  static constexpr int maxRelationRounds = 20;
  /// The search of settle() tries 2^k combinations of k relations, k at most.
  static constexpr std::size_t maxSearchedRelations = 8;
  RunStatus restart(double t, int set);
  RunStatus terminate(double t, const std::string &message);
  RunStatus finish(double t);
  RunStatus writeRow(double t);
  void recordDelays(double t);
  void consumeOutputTimes(double t);
  double nextTime(double t) const;
  double tolerance(double t) const { return sameInstantTolerance(t, span_); }
  bool atStop(double t) const { return t >= options_.stopTime - tolerance(t); }
  int rate(double t, int current) {
    if (!multipleSets_)
      return 0;
    return chooseStateSet(rater_.rate(t, v_), current, model_.stateSelection.switchRatio);
  }
  bool rateMatrices(double t, bool force);
  void applyMatrix(size_t k, const std::vector<int32_t> &states);
  /// Per slot: its index in IDA's y with state set `set`, or -1; made on
  /// first use (a search of y per state would make switching quadratic).
  const std::vector<int32_t> &yIndexOf(int set) {
    if (yIndex_.size() <= static_cast<size_t>(set))
      yIndex_.resize(static_cast<size_t>(set) + 1);
    std::vector<int32_t> &index = yIndex_[set];
    if (index.empty()) {
      const CompiledModel &view = modelFor(set);
      index.assign(static_cast<size_t>(model_.numSlots), -1);
      for (size_t c = 0; c < view.ySlot.size(); ++c)
        index[view.ySlot[c]] = static_cast<int32_t>(c);
    }
    return index;
  }
  const CompiledModel &modelFor(int set) const { return multipleSets_ ? *views_[set] : model_; }
  ZeroCrossings crossings() const {
    return {events_.zeroCrossings, events_.zeroCrossings ? events_.numZeroCrossings : 0};
  }
  std::string describeSlots(const std::vector<int32_t> &slots) const;

  const CompiledModel &model_;
  const EventModel &events_;
  const SimulationOptions &options_;
  std::vector<double> &v_;
  ResultRows &rows_;
  SolverStatistics &stats_;
  std::ostream &log_;
  OutputGrid grid_;
  std::size_t k_ = 0; // the next output time to write
  double span_;
  SampleSchedule schedule_;
  PreValues pre_;
  ChatteringDetector chattering_;
  std::vector<std::unique_ptr<CompiledModel>> views_;
  StateSetRater rater_;
  bool multipleSets_; // alternative state sets, each with a kernel of its own
  bool switching_;    // one-step mode: sets or selection matrices that may switch
  bool rating_;       // some set or selection matrix to rate after each step
  /// Whether a state set or selection matrix is rated after each step:
  /// those with constant pivots (or a constant choice) keep the choice
  /// made at the start. IDA still runs in its one-step mode (in its normal
  /// mode, the first step's size comes from the first output time:
  /// ModelicaTest.Rotational.TestBearingConversion then failed at t = 0).
  static bool rated(const DynamicStateSelection &selection) {
    bool sets = selection.sets.size() > 1 && !selection.constantSetPivots;
    return sets || std::any_of(selection.matrices.begin(), selection.matrices.end(),
                               [](const SelectionMatrix &m) { return !m.constant; });
  }
  std::vector<std::vector<int32_t>> matrixStates_; // per selection matrix: the columns of its states
  std::vector<std::vector<int32_t>> yIndex_;       // see yIndexOf
  std::unique_ptr<DaeIntegrator> integrator_;
  int current_ = 0;     // the state set in use
  bool started_ = false;
  double good_ = 0;     // the last time IDA got to without failing
  static constexpr int maxJumps = 100;
  int jumps_ = 0;         // restarts after a failed step (jumpAfterFailure)
  bool done_ = false;
  double now_ = 0;        // the time of the values in v_
  bool initializing_ = false; // in the initial event iteration
  Progress progress_;
  DelayHistories delays_;
  std::vector<double> delayScratch_; // residuals of recordDelays' evaluation
};

/// The loop stops early on a stop request (Signals.h); the simulation
/// reports it as an interruption at the time reached.
RunStatus Integration::run() {
  DelayScope delayScope(delays_);
  now_ = options_.startTime;
  RunStatus status = begin();
  while (status.ok && !done_ && !stopRequest()) {
    status = advance();
    progress_.update(now_, [&] { return stats_.steps + (integrator_ ? integrator_->steps() : 0); });
  }
  progress_.finish();
  if (status.ok && !done_)
    status = {false, now_, "interrupted"};
  if (integrator_)
    integrator_->addStatistics(stats_);
  return status;
}

/// The sample clocks, the state set, the initial event iteration and the
/// row at the start time.
RunStatus Integration::begin() {
  double t = options_.startTime;
  std::string problem = schedule_.setUp(events_.samples, v_, t, tolerance(t));
  if (!problem.empty())
    return failedAt(t, problem);
  current_ = rate(t, -1);
  rateMatrices(t, true);
  integrator_ = std::make_unique<DaeIntegrator>(modelFor(current_), v_, crossings(),
                                                options_.linearSolver);
  consumeOutputTimes(t);
  initializing_ = true;
  RunStatus status = iterate(t);
  initializing_ = false;
  if (!status.ok)
    return status;
  recordDelays(t);
  if (auto message = takeTerminateRequest())
    return terminate(t, *message);
  return atStop(t) ? finish(t) : writeRow(t);
}

/// One call of the integrator, and what it leads to: a row, an event, a
/// change of state set, or the end.
RunStatus Integration::advance() {
  double stopTime = std::min({schedule_.next(), delays_.nextJump(), options_.stopTime});
  double target = std::min(grid_.time(k_), stopTime);
  double t = target;
  StopKind kind = StopKind::Target;
  // With delay() every step is recorded: one-step mode.
  delays_.setRightLimits(false);
  RunStatus status =
      integrator_->advance(target, stopTime, switching_ || delays_.used(), t, kind);
  if (!status.ok)
    return switching_ ? retryFailedStep(status) : jumpAfterFailure(status);
  now_ = t;
  if (kind != StopKind::Root)
    recordDelays(t);
  if (auto message = takeTerminateRequest())
    return terminate(t, *message);
  if (kind == StopKind::Step)
    return afterStep(t, stopTime);
  if (kind == StopKind::Root && switching_) { // the step may have passed output times
    status = writeOutputTimesBefore(t - tolerance(t));
    if (status.ok)
      status = integrator_->interpolate(t);
    if (!status.ok)
      return status;
  }
  bool timeEvent = std::min(schedule_.next(), delays_.nextJump()) <= t + tolerance(t);
  if (timeEvent && kind != StopKind::Root)
    now_ = t = schedule_.eventTime(t, tolerance(t));
  if (kind == StopKind::Root || timeEvent)
    return event(t, kind == StopKind::Root);
  if (atStop(t))
    return finish(t);
  ++k_;
  return writeRow(t);
}

/// One-step mode: the rows of the output times the step passed (those at
/// the stop time of the call wait for the next call: an event or the end
/// may happen there), then the rating of the state sets at the step.
RunStatus Integration::afterStep(double t, double stopTime) {
  good_ = t;
  double last = stopTime - tolerance(stopTime);
  RunStatus status = writeOutputTimesBefore(std::min(last, std::nextafter(t, INFINITY)));
  if (!status.ok || t >= last || !rating_)
    return status;
  status = integrator_->interpolate(t); // v at the step, for the rating
  // Sets whose pivots are constant keep the choice made at the start.
  bool rateSets = !model_.stateSelection.constantSetPivots;
  int next = status.ok && rateSets ? rate(t, current_) : current_;
  bool changed = status.ok && rateMatrices(t, false);
  if (!status.ok || (next == current_ && !changed))
    return status;
  return restart(t, next);
}

/// Rates the selection matrices at t (v holds consistent values) and
/// switches those whose states' block fell below switchRatio times the
/// best choice's (any that is not the best with `force`). Whether
/// anything changed.
bool Integration::rateMatrices(double t, bool force) {
  const DynamicStateSelection &selection = model_.stateSelection;
  // A matrix with constant pivots keeps the choice made at the start
  // (force: the start, or a failed step retried).
  bool any = std::any_of(selection.matrices.begin(), selection.matrices.end(),
                         [&](const SelectionMatrix &m) { return force || !m.constant; });
  if (!any)
    return false;
  PivotMatrix jacobian = rater_.evaluate(t, v_);
  bool changed = false;
  for (size_t k = 0; k < selection.matrices.size(); ++k) {
    const SelectionMatrix &m = selection.matrices[k];
    if (m.constant && !force)
      continue;
    double best = 0.0;
    std::vector<int32_t> states = bestSelectionStates(jacobian, m, best);
    if (states == matrixStates_[k])
      continue;
    double current = selectionLogRating(jacobian, m, matrixStates_[k]);
    if (!force && current >= best + std::log(selection.switchRatio))
      continue;
    if (options_.verbose && started_)
      log_ << "state selection: at t = " << formatTime(t) << " the states of selection matrix "
           << k + 1 << " change\n";
    if (started_)
      ++stats_.stateSetSwitches;
    applyMatrix(k, states);
    changed = true;
  }
  return changed;
}

/// Sets selection matrix k to `states`: A, the chains of its states from
/// the chosen columns' (consistent values), and IDA's derivative slots of
/// those states that have one of their own.
void Integration::applyMatrix(size_t k, const std::vector<int32_t> &states) {
  const SelectionMatrix &m = model_.stateSelection.matrices[k];
  size_t n = m.columns.size();
  const CompiledModel &view = modelFor(current_);
  const std::vector<int32_t> &yIndex = yIndexOf(current_);
  for (size_t i = 0; i < states.size(); ++i) {
    for (size_t j = 0; j < n; ++j)
      v_[m.aSlots[i * n + j]] = static_cast<int32_t>(j) == states[i] ? 1.0 : 0.0;
    const std::vector<int32_t> &from = m.columnChains[states[i]];
    const std::vector<int32_t> &to = m.stateChains[i];
    for (size_t p = 0; p < to.size() && p < from.size(); ++p)
      v_[to[p]] = v_[from[p]];
    for (size_t p = 0; p + 1 < to.size(); ++p) {
      int32_t c = yIndex[to[p]];
      if (c >= 0 && view.ypSlot[c] >= 0 && view.ypSlot[c] != to[p + 1])
        v_[view.ypSlot[c]] = v_[to[p + 1]];
    }
  }
  matrixStates_[k] = states;
}

/// One-step mode: the rows of the output times before `limit` that are
/// not written yet, interpolated in the last step.
RunStatus Integration::writeOutputTimesBefore(double limit) {
  for (; k_ < grid_.size() && grid_.time(k_) < limit; ++k_) {
    RunStatus status = integrator_->interpolate(grid_.time(k_));
    if (status.ok)
      status = writeRow(grid_.time(k_));
    if (!status.ok)
      return status;
  }
  return {};
}

/// IDA gave up at t (its corrector or error test with the step at its
/// minimum): typically an algebraic loop whose solution branch ends there
/// (a fold: the Schmitt trigger's op-amp with positive feedback switches
/// to the other saturation). The algebraic unknowns cannot follow
/// continuously; as at an event, the values are made consistent a little
/// later (1e-9 of the span, up to 1e-6 while IDACalcIC finds none), where
/// Newton's method from the old values finds the branch that goes on, and
/// the run continues from there. At most maxJumps times per run; otherwise,
/// or if no consistent values are found, the failure stands.
RunStatus Integration::jumpAfterFailure(const RunStatus &failure) {
  if (!integrator_->stepFailed() || jumps_ >= maxJumps)
    return failure;
  double t = failure.time;
  if (!integrator_->interpolate(t).ok)
    return failure;
  std::vector<double> values = v_;
  // Farther while Newton finds no values (or the branch that ends, or the
  // unstable one between): 1e-9, 1e-8, ... 1e-6 of the span.
  for (double fraction = 1e-9; fraction <= 1.01e-6; fraction *= 10) {
    double later = t + std::max(fraction * span_, 10 * tolerance(t));
    if (later >= options_.stopTime)
      break;
    v_ = values;
    if (!integrator_->restart(later, nextTime(later), /*force=*/true).ok)
      continue;
    ++jumps_;
    if (options_.verbose)
      log_ << "at t = " << formatTime(t) << " IDA could not follow the solution (" << failure.message
           << "); restarted with consistent values at t = " << formatTime(later) << "\n";
    RunStatus status = event(later, false);
    return status.ok ? status : failure;
  }
  return failure;
}

/// A failed step is retried once with the best set at the last good point.
RunStatus Integration::retryFailedStep(const RunStatus &failure) {
  if (!integrator_->interpolate(good_).ok)
    return failure;
  int best = rate(good_, -1);
  bool changed = rateMatrices(good_, true);
  return best == current_ && !changed ? failure : restart(good_, best);
}

/// An event at t: the rows before and after it around the event iteration.
RunStatus Integration::event(double t, bool stateEvent) {
  delays_.dropJumpsUntil(t + tolerance(t));
  recordDelays(t); // the left limits
  if (stateEvent) {
    ++stats_.stateEvents;
    if (auto chattering = chattering_.record(t))
      return failedAt(t, *chattering);
  }
  RunStatus status = writeRow(t);
  if (!status.ok)
    return status;
  consumeOutputTimes(t);
  delays_.setRightLimits(true);
  status = iterate(t);
  if (!status.ok)
    return status;
  recordDelays(t); // the values after the event
  if (auto message = takeTerminateRequest())
    return terminate(t, *message);
  return atStop(t) ? finish(t) : writeRow(t);
}

/// The event iteration at t, with the restart of IDA (see the top of the file).
RunStatus Integration::iterate(double t) {
  int iterations = 0;
  for (bool first = true;; first = false) {
    // The initialization phase, where initial() is true (MLS 3.7.3), ended
    // with the initialization problem's solution: the event iteration at
    // the start time sees initial() = 0, so that a discrete value that
    // changes in its rounds (y = pre(u) after u was fixed at its start) is
    // seen by change() and edge() guarded by `not initial()`, as in Dymola.
    if (initializing_ && first && events_.initialSlot >= 0)
      v_[events_.initialSlot] = 0.0;
    RunStatus status = updateUntilStable(t, iterations, first);
    if (!status.ok)
      return status;
    if (initializing_ && first && events_.assertions) {
      // Once, with initial() = 1: the calls of initial algorithms and the
      // effects of the when-branches that fire at initialization.
      if (events_.initialSlot >= 0)
        v_[events_.initialSlot] = 1.0;
      events_.assertions(t, v_.data(), nullptr);
      if (events_.initialSlot >= 0)
        v_[events_.initialSlot] = 0.0;
      if (auto failure = generatedCodeFailure(t))
        return *failure;
    }
    schedule_.lowerFlags(v_);
    schedule_.reschedule(v_, t, tolerance(t));
    if (events_.initialSlot >= 0)
      v_[events_.initialSlot] = 0.0;
    status = restart(t, rate(t, current_));
    if (!status.ok || (!events_.update && !events_.effects))
      return status;
    pre_.save(v_);
    status = round(t, iterations, false);
    if (!status.ok || pre_.changed(v_).empty())
      return status;
  }
}

/// Rounds of pre := value, residual, update until update changes nothing.
/// In the first round of an event the clocks due at t raise their flags
/// after pre := value, so that pre() of a flag is 0 and its edge is seen.
RunStatus Integration::updateUntilStable(double t, int &iterations, bool first) {
  for (bool raise = first;; raise = false) {
    pre_.save(v_);
    if (raise && schedule_.raiseDue(t, tolerance(t), v_))
      ++stats_.timeEvents;
    RunStatus status = round(t, iterations, true);
    if (!status.ok || pre_.changed(v_).empty())
      return status;
  }
}

/// The continuous equations solved for the algebraic unknowns (and the
/// derivatives) at fixed states, with the discrete values as they are, and
/// the relations they hold settled with them: within a round of the event
/// iteration (pre() fixed), the continuous unknowns are solved with the
/// relations held, the relations recomputed, and again until they stop
/// changing. This is how a mixed system of continuous and Boolean unknowns
/// is solved in M. Otter, H. Elmqvist and S. E. Mattsson, "Hybrid Modeling
/// in Modelica based on the Synchronous Data Flow Principle" (CACSD 1999),
/// whose friction element is the MSL's: an element that stops sliding
/// decides whether to start again from the torque that holds it, not from
/// the sliding mode's (RobotR3's bearing friction chattered forward and
/// backward at the stop). The fixed point can cycle where no mode it visits
/// is consistent (the element at rest: the solution of starting forward
/// asks to start backward, and the other way round, while the mode that
/// holds it is never tried); then the relations that changed in the cycle
/// are searched, every combination of their values, nearest to the held
/// ones first, for one that the continuous solution reproduces, as
/// OpenModelica's search solver of mixed systems does. Where no consistent
/// values exist for a mode the iteration passes through, the residual is
/// only evaluated; the restart after the iteration reports a real
/// inconsistency.
void Integration::settle(double t) {
  std::size_t n = events_.relationSlots.size();
  auto relationValues = [&] {
    std::vector<double> values(n);
    for (std::size_t i = 0; i < n; ++i)
      values[i] = v_[events_.relationSlots[i]];
    return values;
  };
  std::vector<std::vector<double>> visited;
  for (int round = 0;; ++round) {
    solveContinuous(t);
    if (!events_.relations || runtimeErrorPending(t))
      return;
    std::vector<double> held = relationValues();
    visited.push_back(held);
    events_.relations(t, v_.data(), nullptr);
    std::vector<double> now = relationValues();
    if (now == held)
      return;
    bool cycle = std::find(visited.begin(), visited.end(), now) != visited.end();
    if (cycle || round + 1 == maxRelationRounds) {
      searchRelations(t, visited);
      return;
    }
  }
}

/// The search of settle(): the relations that changed among `visited`
/// (the relation values of its rounds), every combination of their values
/// in the order of the number that differ from visited[0], until the
/// continuous solution with one held reproduces it. If none does, the
/// values of the last round stay.
void Integration::searchRelations(double t, const std::vector<std::vector<double>> &visited) {
  std::size_t n = events_.relationSlots.size();
  std::vector<std::size_t> flipping;
  for (std::size_t i = 0; i < n; ++i)
    for (const std::vector<double> &values : visited)
      if (values[i] != visited[0][i]) {
        flipping.push_back(i);
        break;
      }
  if (flipping.empty() || flipping.size() > maxSearchedRelations)
    return;
  std::vector<double> last = v_;
  auto k = static_cast<unsigned>(flipping.size());
  for (unsigned changes = 0; changes <= k; ++changes)
    for (uint32_t mask = 0; mask < (1u << k); ++mask) {
      if (static_cast<unsigned>(std::popcount(mask)) != changes)
        continue;
      std::vector<double> held = visited[0];
      for (unsigned j = 0; j < k; ++j)
        if (mask & (1u << j))
          held[flipping[j]] = held[flipping[j]] != 0.0 ? 0.0 : 1.0;
      if (std::find(visited.begin(), visited.end(), held) != visited.end())
        continue; // its solution changed it
      for (std::size_t i = 0; i < n; ++i)
        v_[events_.relationSlots[i]] = held[i];
      solveContinuous(t);
      if (runtimeErrorPending(t))
        return;
      events_.relations(t, v_.data(), nullptr);
      bool consistent = true;
      for (std::size_t i = 0; i < n; ++i)
        consistent = consistent && v_[events_.relationSlots[i]] == held[i];
      if (consistent)
        return;
    }
  v_ = std::move(last);
}

/// The continuous equations solved at t for the algebraic unknowns and the
/// derivatives (IDACalcIC, as at a restart) when they do not hold; on
/// failure the values stay and the residual kernel is evaluated on them.
void Integration::solveContinuous(double t) {
  if (!started_ || integrator_->residualSmall(t)) {
    integrator_->evaluate(t);
    return;
  }
  std::vector<double> saved = v_;
  RunStatus st = integrator_->restart(t, nextTime(t));
  if (st.ok)
    return;
  v_ = std::move(saved);
  integrator_->evaluate(t);
}

/// One round of the event iteration at fixed pre() values: the continuous
/// equations with their relations (settle(), if `solve`) and `update`,
/// again until the discrete values stop changing, then `effects` once. All
/// equations hold together within a round (MLS 8.6): a when-clause that
/// fires assigns in `update`, after settle() has computed the continuous
/// variables from the old value, and a discrete equation that reads them
/// must see them recomputed from the new one (the MSL's Timer, entryTime =
/// time and y = time - entryTime: a thyristor fired by y > delay fired
/// at once, the rise of its voltage starting the timer, and held on).
/// Counted as one iteration; fails once the values still change after
/// maxEventIterations rounds. A model without an update kernel counts its
/// rounds too: its residual alone may change a discrete value at every
/// round (`b = not pre(b)`).
RunStatus Integration::round(double t, int &iterations, bool solve) {
  auto same = [](const std::vector<double> &a, const std::vector<double> &b) {
    for (size_t i = 0; i < a.size(); ++i)
      if (a[i] != b[i] && !(std::isnan(a[i]) && std::isnan(b[i])))
        return false;
    return true;
  };
  auto discrete = [&](std::vector<double> &values) {
    values.clear();
    for (int32_t slot : events_.valueSlot)
      values.push_back(v_[slot]);
  };
  std::vector<double> before, after;
  for (int repeat = 0;; ++repeat) {
    discrete(before);
    if (solve) {
      settle(t);
      if (auto failure = generatedCodeFailure(t))
        return *failure;
    }
    if (events_.update) {
      if (events_.repeatSlot >= 0)
        v_[events_.repeatSlot] = repeat > 0 ? 1.0 : 0.0;
      events_.update(t, v_.data(), nullptr);
      if (events_.repeatSlot >= 0)
        v_[events_.repeatSlot] = 0.0;
      if (auto failure = generatedCodeFailure(t))
        return *failure;
    }
    discrete(after);
    if (!solve || !events_.update || same(before, after) || repeat + 1 == maxRoundRepeats)
      break;
  }
  if (events_.effects) {
    events_.effects(t, v_.data(), nullptr);
    if (auto failure = generatedCodeFailure(t))
      return *failure;
  }
  ++iterations;
  ++stats_.eventIterations;
  std::vector<int32_t> changed = pre_.changed(v_);
  if (changed.empty() || iterations < events_.maxEventIterations)
    return {};
  return failedAt(
      t, std::string(initializing_ ? "the initial event iteration" : "the event iteration") +
             " did not converge after " + std::to_string(iterations) +
             " rounds; still changing: " + describeSlots(changed));
}

/// "`x`, `y` and 2 more" for the slots (named as outputs where they are).
std::string Integration::describeSlots(const std::vector<int32_t> &slots) const {
  std::string text;
  for (std::size_t i = 0; i < slots.size() && i < 3; ++i) {
    auto output = std::find_if(model_.outputs.begin(), model_.outputs.end(),
                               [&](const OutputVariable &o) { return o.slot == slots[i]; });
    text += i == 0 ? "" : ", ";
    text += output != model_.outputs.end() ? "`" + output->name + "`"
                                           : "slot " + std::to_string(slots[i]);
  }
  if (slots.size() > 3)
    text += " and " + std::to_string(slots.size() - 3) + " more";
  return text;
}

/// Restarts IDA at t from the values in v with state set `set`: on the same
/// solver if the set stays, else on a new one. Events and switches of state
/// sets both come here.
RunStatus Integration::restart(double t, int set) {
  double next = nextTime(t);
  good_ = t;
  if (started_ && set == current_)
    return integrator_->restart(t, next);
  if (set != current_) {
    integrator_->addStatistics(stats_);
    if (started_) {
      ++stats_.stateSetSwitches;
      if (options_.verbose)
        log_ << "state selection: at t = " << formatTime(t) << " the states change from "
             << model_.stateSelection.sets[current_].description << " to "
             << model_.stateSelection.sets[set].description << "\n";
    }
    current_ = set;
    integrator_ = std::make_unique<DaeIntegrator>(modelFor(set), v_, crossings(),
                                                options_.linearSolver);
  }
  started_ = true;
  return integrator_->start(t, options_.tolerance, next);
}

/// terminate(): the run ends successfully at t.
RunStatus Integration::terminate(double t, const std::string &message) {
  log_ << "terminated at time t = " << formatTime(t) << ": " << message << "\n";
  return finish(t);
}

/// terminal() and the last row.
RunStatus Integration::finish(double t) {
  done_ = true;
  if (events_.terminalSlot >= 0) {
    v_[events_.terminalSlot] = 1.0;
    pre_.save(v_);
    integrator_->evaluate(t);
    if (events_.update)
      events_.update(t, v_.data(), nullptr);
    if (auto failure = generatedCodeFailure(t))
      return *failure;
    if (events_.effects)
      events_.effects(t, v_.data(), nullptr);
    if (auto failure = generatedCodeFailure(t))
      return *failure;
  }
  return writeRow(t);
}

/// The model's assertions, the check that every slot is finite, then a row
/// (with the aliases the residual kernel leaves out, if it holds one: they
/// are results only).
RunStatus Integration::writeRow(double t) {
  if (rows_.needsAliases())
    model_.aliases(t, v_.data(), nullptr);
  if (events_.assertions) {
    events_.assertions(t, v_.data(), nullptr);
    if (auto failure = generatedCodeFailure(t)) {
      // The values of a row satisfy the algebraic equations to about the
      // integration tolerance; a model's check of an identity among them
      // may need more (the energy balance of MultiBody's GearConstraint and
      // BevelGear1D: torques of 2e4 N.m times velocities of 1e2 rad/s that
      // must cancel to 1e-3 W). Judged again on values solved at the
      // states to the solver's tolerance, which the row then holds.
      if (!integrator_ || !integrator_->polishPoint(t))
        return *failure;
      if (rows_.needsAliases())
        model_.aliases(t, v_.data(), nullptr);
      events_.assertions(t, v_.data(), nullptr);
      if (auto again = generatedCodeFailure(t))
        return *again;
    }
  }
  // No NaN or infinity goes into the results (nor stays in a slot that a
  // row leaves out): the run stops, saying which equation made it.
  if (!allSlotsFinite(model_, v_.data()))
    return failedAt(t, describeNonFinite(model_, t, v_.data(), nullptr, 0, current_));
  if (std::string outside = integerOutOfRange(model_, v_.data()); !outside.empty())
    return failedAt(t, outside);
  rows_.write(t, v_);
  rt::releaseStrings(); // the run-time strings of the kernels since the last row
  return {};
}

/// Appends the delayed expressions at t (v holds the solution there) to
/// their histories: the kernels that hold delay() calls evaluated once more.
void Integration::recordDelays(double t) {
  if (!delays_.used())
    return;
  const CompiledModel &model = modelFor(current_);
  delayScratch_.resize(std::max<size_t>(
      {model.ySlot.size(), static_cast<size_t>(std::max(events_.numZeroCrossings, 0)), 1}));
  delays_.beginRecording();
  if (model.residual)
    model.residual(t, v_.data(), delayScratch_.data());
  if (events_.zeroCrossings)
    events_.zeroCrossings(t, v_.data(), delayScratch_.data());
  delays_.endRecording();
}

/// Output times at the instant t are covered by the rows of its event.
void Integration::consumeOutputTimes(double t) {
  while (k_ < grid_.size() && grid_.time(k_) <= t + tolerance(t))
    ++k_;
}

/// When the solution is next needed after t (for IDACalcIC's step).
double Integration::nextTime(double t) const {
  double next = std::min(schedule_.next(), options_.stopTime);
  if (k_ < grid_.size())
    next = std::min(next, grid_.time(k_));
  return next > t + tolerance(t) ? next : t + options_.interval;
}

} // namespace

RunStatus integrate(const CompiledModel &model, const SimulationOptions &options,
                    std::vector<double> &v, ResultRows &rows, SolverStatistics &stats,
                    std::ostream &log) {
  Stopwatch watch;
  double writing = rows.seconds();
  RunStatus status = Integration(model, options, v, rows, stats, log).run();
  stats.integrationSeconds += watch.seconds() - (rows.seconds() - writing);
  stats.outputSeconds += rows.seconds() - writing;
  return status;
}

} // namespace mocc::rt
