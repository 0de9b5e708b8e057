// Causalization: from the flat model to an executable plan. The equations
// are matched to the unknowns they determine and sorted into blocks (BLT);
// a block of one equation that is linear in its unknown becomes an explicit
// assignment, every other block stays implicit. For simulation the implicit
// blocks and the state derivatives become the residuals of the DAE that IDA
// solves; for initialization each implicit block is a nonlinear system of
// its own, solved in order. The plan lists the kernels to compile (see
// codegen/Kernel.h) and how the runtime uses them (runtime/CompiledModel.h).
#pragma once

#include "compiler/codegen/Kernel.h"
#include "compiler/flat/FlatModel.h"
#include "compiler/support/Diagnostics.h"
#include "runtime/CompiledModel.h"

#include <optional>
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
};

/// Everything to compile and how the runtime runs it.
struct SimulationPlan {
  std::vector<codegen::KernelSpec> kernels;
  std::string setParameters;
  std::string setStartValues;
  std::string residual;
  std::vector<InitStepPlan> init;
  int32_t numSlots = 0;
  std::vector<int32_t> ySlot;
  std::vector<int32_t> ypSlot;
  std::vector<double> yNominal;
  rt::SparsityPattern jacobian;
  std::vector<rt::OutputVariable> outputs;
  rt::ExperimentDefaults experiment;
  PlanStatistics statistics;
};

/// Checks that the model is balanced and structurally nonsingular; on
/// failure reports the equations and variables involved.
std::optional<PlanStatistics> checkModel(const flat::FlatModel &model, Diagnostics &diags);

/// Builds the simulation plan; reports errors and returns nothing on failure.
std::optional<SimulationPlan> causalize(flat::FlatModel &model, Diagnostics &diags);

} // namespace mocc::causalize
