// The plan as text (`mocc flatten --emit=plan`): every kernel with its
// steps, then how the runtime uses them (initialization, the DAE for IDA,
// state sets, events, the result's columns). Slots are named by the flat
// model's variables, expressions printed as flat Modelica; the order is the
// plan's, so the text is deterministic (golden tests: tests/golden/plan/).
#pragma once

#include "compiler/flat/FlatModel.h"
#include "compiler/plan/Plan.h"

#include <ostream>

namespace mocc::plan {

/// Prints `plan`, made from `model` (the flat model as causalization left
/// it: its variables are the plan's slots).
void printPlan(const SimulationPlan &plan, const flat::FlatModel &model, std::ostream &out);

} // namespace mocc::plan
