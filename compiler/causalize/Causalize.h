// Causalization: from the flat model to an executable plan. Aliases are
// eliminated, the index is reduced (Pantelides' algorithm and dummy
// derivatives, IndexReduction.h), and the equations are matched to the
// unknowns they determine and sorted into blocks (BLT); a block of one
// equation that is linear in its unknown becomes an explicit assignment, a
// larger block is torn (BlockCausalizer.h). For simulation the tearing
// variables and the state derivatives become the residuals of the DAE that
// IDA solves; for initialization each torn block is a nonlinear system of
// its own in its tearing variables, solved in order. When several choices
// of states are equally good, each gets a residual kernel of its own and the
// runtime switches between them (dynamic state selection). The plan
// (compiler/plan/Plan.h) lists the kernels to compile and how the runtime
// uses them.
#pragma once

#include "compiler/causalize/IndexReduction.h"
#include "compiler/flat/FlatModel.h"
#include "compiler/plan/Plan.h"
#include "compiler/support/Diagnostics.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace mocc::causalize {

/// Causalization produces the plan of compiler/plan/Plan.h.
using plan::EventPlan;
using plan::InitStepPlan;
using plan::PlanStatistics;
using plan::SimulationPlan;
using plan::StateSetPlan;

/// See PlanStatistics::promoted.
inline constexpr size_t maxColumnsPerAssignment = 16;

/// Options of causalization.
struct CausalizeOptions {
  /// Options of alias elimination and index reduction.
  ReductionOptions reduction;
};

/// Checks that the model is balanced and structurally nonsingular; on
/// failure reports the equations and variables involved.
std::optional<PlanStatistics> checkModel(const flat::FlatModel &model, Diagnostics &diags);

/// Builds the simulation plan; reports errors and returns nothing on failure.
std::optional<SimulationPlan> causalize(flat::FlatModel &model, Diagnostics &diags);

/// Same, with options (the hook that differentiates function calls, ...).
std::optional<SimulationPlan> causalize(flat::FlatModel &model, Diagnostics &diags,
                                        const CausalizeOptions &options);

/// Prints the model after alias elimination and index reduction as flat
/// Modelica text with comments: the aliases, the chosen states and dummy
/// derivatives (every alternative set with dynamic state selection), each
/// differentiated equation with the equation it comes from. Reports errors
/// and returns false on failure.
bool printIndexReduced(flat::FlatModel &model, Diagnostics &diags, std::ostream &out,
                       const CausalizeOptions &options = {});

} // namespace mocc::causalize
