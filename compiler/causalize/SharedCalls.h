// Calls whose outputs several assignments of a kernel use. A when-clause
// (or an algorithm) that assigns the outputs of one call, `(info, a, b) :=
// f(u, n)`, flattens to one equation per output element, each reading one
// output of the same call under the same conditions:
//   a[k] := if fires then (if c then f(u, n)[k] else pre(a[k])) else a[k]
// Evaluated step by step, every assignment calls f again with all its
// arguments: for Modelica.Blocks.Math.RealFFT (4,000 samples, 801 outputs)
// that was 3.2 million argument stores in one event kernel, and minutes of
// LLVM. This pass gives such a call one Outputs step (Kernel.h), placed
// before its first use, that runs it once under the conditions the uses
// share and stores every used output into its target; each use then reads
// its target:
//   (info, a[1], ..., b[n]) := if fires then (if c then f(u, n)) else 0
//   a[k] := if fires then (if c then a[k] else pre(a[k])) else a[k]
#pragma once

#include "compiler/plan/Plan.h"
#include "compiler/symbolic/Expr.h"

namespace mocc::causalize {

/// Rewrites the kernels of `plan` without a JVP that are not batches: for
/// each call whose outputs at least two Assign steps take as their value
/// under the same chain of if-conditions (`v := if c1 then (if c2 then
/// f(...)[k] else e2) else e1`), an Outputs step before the first of them
/// calls it once, and those steps read their own slot instead. A use is
/// left as it is where the call's arguments or conditions read a slot that
/// a step before it (from the Outputs step on) assigns, or its own target.
/// Linear in the size of the kernels' steps and of the calls' arguments.
void shareCallOutputs(sym::ExprPool &pool, plan::SimulationPlan &plan);

} // namespace mocc::causalize
