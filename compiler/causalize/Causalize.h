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
// runtime switches between them (dynamic state selection). The plan lists
// the kernels to compile (see codegen/Kernel.h) and how the runtime uses
// them (runtime/CompiledModel.h).
#pragma once

#include "compiler/causalize/IndexReduction.h"
#include "compiler/codegen/Kernel.h"
#include "compiler/flat/FlatModel.h"
#include "compiler/support/Diagnostics.h"
#include "runtime/CompiledModel.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace mocc::causalize {

/// One step of initialization; `kernel` names a kernel of the plan.
struct InitStepPlan {
  rt::InitStep::Kind kind = rt::InitStep::Kind::Assign;
  std::string kernel;
  std::vector<int32_t> unknowns;
  rt::SparsityPattern pattern;
  std::vector<double> nominal;
  std::string description;
  /// The case of `kernel` if it is a batch (KernelSpec::caseStart), else -1.
  int32_t kernelCase = -1;
  /// Solve: the slots the kernel assigns (rt::ImplicitSystem::assigned).
  std::vector<int32_t> assigned{};
};

/// Sizes reported by `mocc check` and by -v.
struct PlanStatistics {
  size_t equations = 0;          ///< scalar equations of the model
  size_t unknowns = 0;           ///< variables determined by them
  size_t states = 0;
  size_t assigned = 0;           ///< solved explicitly in the residual kernel
  size_t algebraicInSolver = 0;  ///< algebraic components of IDA's vector
  size_t blocks = 0;
  size_t largestBlock = 0;
  size_t initSystems = 0;        ///< implicit systems of initialization
  size_t aliases = 0;            ///< variables removed by alias elimination
  size_t differentiated = 0;     ///< equations added by index reduction
  size_t dummyDerivatives = 0;   ///< derivatives that became algebraic
  size_t tornBlocks = 0;         ///< algebraic loops torn in the residual kernel
  size_t tornUnknowns = 0;       ///< unknowns of those loops
  size_t tearingVariables = 0;   ///< what is left of them in IDA's vector
  size_t stateSets = 1;          ///< alternative choices of states
  /// Explicit equations left to IDA because their variable depends on more
  /// than maxColumnsPerAssignment of its columns.
  size_t promoted = 0;
};

/// See PlanStatistics::promoted.
inline constexpr size_t maxColumnsPerAssignment = 16;

/// One alternative choice of states (dynamic state selection): how IDA
/// runs with it. Mirrors rt::StateSet.
struct StateSetPlan {
  std::string residual; ///< kernel name
  std::vector<int32_t> ySlot;   ///< IDA's y, as SimulationPlan::ySlot
  std::vector<int32_t> ypSlot;  ///< IDA's y', as SimulationPlan::ypSlot
  std::vector<double> yNominal; ///< as SimulationPlan::yNominal
  rt::SparsityPattern jacobian; ///< as SimulationPlan::jacobian
  /// The blocks that rate this set: indices into the pivot kernel's rows
  /// and SimulationPlan::pivotColumns.
  std::vector<rt::PivotBlock> pivotBlocks;
  std::string description; ///< "x, der(x)"
};

/// Everything to compile and how the runtime runs it.
/// The discrete part for the runtime (rt::EventModel with kernel names).
struct EventPlan {
  std::string zeroCrossings; ///< kernel names; empty when there is none
  std::string update;
  /// The relations of `update` alone (rt::EventModel::relations), and the
  /// slots they assign.
  std::string relations;
  std::vector<int32_t> relationSlots;
  std::string assertions;
  int32_t numZeroCrossings = 0;
  std::vector<int32_t> preSlot;
  std::vector<int32_t> valueSlot;
  struct Sample {
    int32_t flag = -1, start = -1, interval = -1;
    bool relation = false, moving = false; ///< as in rt::SampleClock
  };
  std::vector<Sample> samples;
  int32_t initialSlot = -1;
  int32_t terminalSlot = -1;
};

struct SimulationPlan {
  std::vector<codegen::KernelSpec> kernels;
  std::string setParameters;
  /// The slots setParameters computes: constant during the simulation and
  /// never an unknown, so every JVP may take their tangent as zero.
  std::vector<uint32_t> constantSlots;
  std::string setStartValues;
  std::string residual;
  /// The kernel of the aliases that no kernel reads (rt::CompiledModel::
  /// aliases), or empty.
  std::string aliases;
  std::vector<int32_t> aliasSlots; ///< the slots `aliases` assigns
  std::vector<InitStepPlan> init;
  int32_t numSlots = 0;
  std::vector<int32_t> ySlot;
  std::vector<int32_t> ypSlot;
  std::vector<double> yNominal;
  rt::SparsityPattern jacobian;
  std::vector<rt::OutputVariable> outputs;
  rt::ExperimentDefaults experiment;
  PlanStatistics statistics;
  /// Dynamic state selection: empty, or every choice of states (the first
  /// is the one above), with the kernel whose residuals are the equations
  /// of the pivot blocks and the slots of their columns.
  std::vector<StateSetPlan> stateSets;
  std::string pivotKernel;
  int32_t pivotRows = 0;
  std::vector<int32_t> pivotColumns;
  /// Dynamic state selection with selection matrices (rt::SelectionMatrix,
  /// indexing into the pivot kernel's rows and pivotColumns).
  std::vector<rt::SelectionMatrix> selectionMatrices;
  /// Wall-clock seconds of each pass of causalization, in order.
  std::vector<std::pair<std::string, double>> passTimes;
  EventPlan events;
};

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
