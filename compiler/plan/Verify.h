// The checker of the plan's contract (docs/ir-contracts.md, "Simulation
// plan"): kernel names, step targets and expressions in range, every slot
// assigned at most once per kernel (per case of a batch) and read by no
// step before the one that assigns it (but for held relations, computed
// from the values of the round before), residual counts where the runtime
// relies on them, sparsity patterns well formed, every kernel the plan
// names present. Linear in the size of the plan and its expressions. The
// driver runs it after causalization in Debug builds and wherever
// MOCC_VERIFY_IR is set (every test sets it).
#pragma once

#include "compiler/flat/FlatModel.h"
#include "compiler/plan/Plan.h"

#include <string>
#include <vector>

namespace mocc::plan {

/// The form of one kernel, which code generation takes for granted: a
/// batch's cases cover its steps (and its JVP all of them), every step's
/// expression and message values are in `pool`, an assignment has a
/// target, an assert's level is 1 or 2. Returns the first breach ("kernel
/// `k` has ..."), or "" if there is none. Code generation refuses a kernel
/// that breaks it; plan::verify reports it.
std::string checkKernelForm(const KernelSpec &kernel, const sym::ExprPool &pool);

/// The breaches of the contract, one message each (empty: none). `model`
/// is the flat model the plan was made from (its pool holds the kernels'
/// expressions, its variables are the slots).
std::vector<std::string> verify(const SimulationPlan &plan, const flat::FlatModel &model);

} // namespace mocc::plan
