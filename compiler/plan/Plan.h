// The simulation plan: the contract between causalization (which produces
// it) and the back end (which compiles it). It is data only: the kernels to
// compile (Kernel.h) and how the runtime runs them, every function named by
// its kernel's name. The back end (compiler/backend) turns each name into
// the native function and each structure here into the runtime's own of the
// same name (rt::CompiledModel); the plan knows nothing of code generation
// or of the runtime, and the runtime nothing of the compiler.
//
// All model quantities live in one array of doubles, the slot vector `v`:
// slot i holds the flat model's variable i (parameters, states, state
// derivatives, algebraic variables; Integer and Boolean values as doubles).
// Printer.h prints a plan as text (`mocc flatten --emit=plan`); Verify.h
// checks what docs/ir-contracts.md says of it.
#pragma once

#include "common/SimulationData.h"
#include "compiler/plan/Kernel.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mocc::plan {

using data::ExperimentDefaults;
using data::OutputVariable;
using data::PivotBlock;
using data::SelectionMatrix;
using data::SparsityPattern;

/// One step of initialization; `kernel` names a kernel of the plan.
struct InitStepPlan {
  /// Assign: the kernel computes slots explicitly. Solve: its residuals are
  /// a system in `unknowns`, solved from the values in their slots.
  enum class Kind { Assign, Solve } kind = Kind::Assign;
  std::string kernel;
  std::vector<int32_t> unknowns;
  SparsityPattern pattern;     ///< Solve: d residual / d unknowns
  std::vector<double> nominal; ///< Solve: scale of each unknown (1 if not given)
  std::string description;     ///< Solve: which equations/variables, for messages
  /// The case of `kernel` if it is a batch (KernelSpec::caseStart), else -1.
  int32_t kernelCase = -1;
  /// Solve: every slot the kernel assigns (the JVP writes their tangents).
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
  /// than causalize::maxColumnsPerAssignment of its columns.
  size_t promoted = 0;
};




/// One alternative choice of states (dynamic state selection): how IDA
/// runs with it.
struct StateSetPlan {
  std::string residual; ///< kernel name
  std::vector<int32_t> ySlot;   ///< IDA's y, as SimulationPlan::ySlot
  std::vector<int32_t> ypSlot;  ///< IDA's y', as SimulationPlan::ypSlot
  std::vector<double> yNominal; ///< as SimulationPlan::yNominal
  SparsityPattern jacobian;     ///< as SimulationPlan::jacobian
  /// The blocks that rate this set: indices into the pivot kernel's rows
  /// and SimulationPlan::pivotColumns.
  std::vector<PivotBlock> pivotBlocks;
  std::string description; ///< "x, der(x)"
};


/// The discrete part (MLS 8.5, 8.6): kernel names (empty when there is
/// none) and the slots of the event iteration; the runtime's EventModel
/// says how they are used.
struct EventPlan {
  std::string zeroCrossings; ///< writes the zero-crossing functions as residuals
  std::string update;        ///< one round of the event iteration: the assignments
  /// After the rounds that repeat `update` at fixed pre() values: reinit(),
  /// calls, asserts and terminate() of the when-branches that fire.
  std::string effects;
  /// The relations of `update` alone, and the slots they assign.
  std::string relations;
  std::vector<int32_t> relationSlots;
  std::string assertions;
  int32_t numZeroCrossings = 0;
  /// pre(v) pairs: preSlot[i] holds pre of valueSlot[i].
  std::vector<int32_t> preSlot;
  std::vector<int32_t> valueSlot;
  /// sample(start, interval): the slots of its flag, start and interval.
  struct Sample {
    int32_t flag = -1, start = -1, interval = -1;
    bool relation = false, moving = false; ///< as in rt::SampleClock
  };
  std::vector<Sample> samples;
  int32_t initialSlot = -1;  ///< initial(), or -1
  int32_t terminalSlot = -1; ///< terminal(), or -1
  int32_t repeatSlot = -1;   ///< flat::SpecialKind::Repeat, or -1
  int32_t homotopySlot = -1; ///< flat::SpecialKind::Homotopy, or -1
};

/// Everything to compile and how the runtime runs it.
///
/// Initialization: `setParameters` computes the parameters, `setStartValues`
/// the start values (guesses) of the other slots, then the `init` steps run
/// in order. Simulation: IDA solves F(t, y, y') = 0 with y[i] in slot
/// ySlot[i] and y'[i] in slot ypSlot[i] (-1 for an algebraic component);
/// `residual` computes every other slot by assignment but for the aliases of
/// `aliases`, and writes the residuals; `jacobian` is the pattern of
/// dF/dy + cj dF/dy'.
struct SimulationPlan {
  std::vector<KernelSpec> kernels;
  std::string setParameters;
  /// The slots setParameters computes: constant during the simulation and
  /// never an unknown, so every JVP may take their tangent as zero.
  std::vector<uint32_t> constantSlots;
  std::string setStartValues;
  /// Per model variable, what a run's override table may replace without
  /// new code (KernelStep::overrideSlot): kOverrideBinding, its binding (a
  /// parameter whose value no decision of the translation used: a Jacobian
  /// entry left out as 0, a coefficient divided by, a nominal value), and
  /// kOverrideStart, its start value (every use of it is an overridable
  /// step). Empty entries (or a shorter vector) mean neither: the value
  /// must go into the model before translation.
  std::vector<uint8_t> overridable;
  static constexpr uint8_t kOverrideBinding = 1;
  static constexpr uint8_t kOverrideStart = 2;
  std::string residual;
  /// The kernel of the aliases that no kernel reads, or empty: it runs only
  /// before a row of results that holds one.
  std::string aliases;
  std::vector<int32_t> aliasSlots; ///< the slots `aliases` assigns
  std::vector<InitStepPlan> init;
  int32_t numSlots = 0;
  std::vector<int32_t> ySlot;
  std::vector<int32_t> ypSlot;
  std::vector<double> yNominal; ///< scale for IDA's error weights (1 if none)
  SparsityPattern jacobian;
  std::vector<OutputVariable> outputs;
  ExperimentDefaults experiment;
  PlanStatistics statistics;
  /// Dynamic state selection: empty, or every choice of states (the first
  /// is the one above), with the kernel whose residuals are the equations
  /// of the pivot blocks and the slots of their columns.
  std::vector<StateSetPlan> stateSets;
  std::string pivotKernel;
  int32_t pivotRows = 0;
  std::vector<int32_t> pivotColumns;
  /// Which columns each row of the pivot kernel reads (size = columns,
  /// rowIdx = pivot rows), colored: the pivot Jacobian costs one JVP per
  /// color and its storage is linear in the model's size.
  SparsityPattern pivotPattern;
  /// The state sets' pivot blocks have a Jacobian of constants and
  /// parameters: the set chosen at the start holds all run.
  bool constantSetPivots = false;
  /// Dynamic state selection with selection matrices.
  std::vector<SelectionMatrix> selectionMatrices;
  /// Wall-clock seconds of each pass of causalization, in order.
  std::vector<std::pair<std::string, double>> passTimes;
  EventPlan events;
};

} // namespace mocc::plan
