// The discrete part of a model for the runtime (MLS 8.5 and 8.6). Before
// the continuous passes, every relation of an equation that depends on
// continuous variables (outside noEvent and smooth) is replaced by a
// variable that holds its value between events, with a zero-crossing
// function for the runtime to watch; each when-condition gets a variable
// for its rising edge. Afterwards the event kernels are planned: the
// zero-crossing functions, the update of one event iteration (relations,
// conditions, when-clauses in dependency order, reinit, terminate,
// asserts), and the run-time assertions.
#pragma once

#include "compiler/causalize/AliasElimination.h"
#include "compiler/causalize/Causalize.h"
#include "compiler/causalize/EquationSystem.h"
#include "compiler/symbolic/Solve.h"

namespace mocc::causalize {

/// A relation held between events.
struct EventRelation {
  sym::VarId slot;
  sym::ExprId relation; ///< the relation itself, evaluated at events
  sym::ExprId crossing; ///< changes sign where the relation changes
  /// A relation of time and an expression that changes only at events
  /// (time >= t1 with t1 of parameters, or time >= pre(next) with next a
  /// discrete variable): a time event at the instant `clock` (an index into
  /// EventSystem::timeEvents) instead of a zero crossing; at the event it
  /// takes its value just after it.
  int32_t clock = -1;
};

/// The clock of a time event: a sample clock that ticks once.
struct TimeEvent {
  sym::VarId flag, start, interval;
  /// Valid when the instant moves (an expression of discrete variables or
  /// pre() values): the event iteration assigns it to `start`, and the
  /// runtime schedules the event anew after every event.
  sym::ExprId moving;
};

/// What prepareEvents added to the model.
struct EventSystem {
  std::vector<EventRelation> relations;
  /// The variable of each element of each branch's condition, per clause.
  std::vector<std::vector<std::vector<sym::VarId>>> conditions;
  /// Per sample(): the parameters holding its start and interval.
  std::vector<std::pair<sym::VarId, sym::VarId>> sampleTimes;
  std::vector<TimeEvent> timeEvents;
  bool empty() const { return relations.empty() && conditions.empty() && sampleTimes.empty(); }
};

/// Rewrites the model's equations (held relations) and adds the variables
/// of conditions and sample times. Call before index reduction.
EventSystem prepareEvents(flat::FlatModel &model);

/// Rewrites the event part (relations, when-clauses, assertions) in terms
/// of the variables alias elimination kept: the initialization runs before
/// the trailing assignments of the aliases. A reinit of an eliminated
/// variable reinitializes the variable it is an alias of. False after
/// reporting an error.
bool substituteAliases(flat::FlatModel &model, EventSystem &events, const AliasElimination &aliases,
                       Diagnostics &diags);

/// Plans the event kernels into `plan` (kernels and plan.events). False
/// after reporting an error (a cycle among when-assignments).
bool planEvents(flat::FlatModel &model, const EventSystem &events, SimulationPlan &plan,
                Diagnostics &diags);

/// Adds to the initialization problem: the held relations and the
/// conditions (computed from the initial values), the variables assigned in
/// when-clauses (`v = pre(v)`, or the clause's equation where it fires at
/// initial()), and pre(v) as an unknown where an initial equation gives v.
/// A relation marked in `heldAtStart` (indexed by variable) is no unknown:
/// it keeps the value computed from the start values (see
/// PlanBuilder::buildInitialization).
void addEventInitialization(const flat::FlatModel &model, const EventSystem &events,
                            EquationSystem &system, const std::vector<char> &heldAtStart);

} // namespace mocc::causalize
