// Where a value that is not finite came from, for the message of the run
// it stops (rt::CompiledModel::explainNonFinite): the runtime sees only that
// a slot or a residual is NaN or infinite; the plan knows which step of
// which kernel computes each slot, and from which equation.
#pragma once

#include "compiler/causalize/Causalize.h"
#include "compiler/support/SourceManager.h"

#include <string>

namespace mocc::causalize {

class NonFiniteExplainer {
public:
  /// The model, plan and sources must outlive the explainer.
  NonFiniteExplainer(const flat::FlatModel &model, const SimulationPlan &plan,
                     const SourceManager &sources);

  /// The steps that compute slots are searched in the order they run
  /// (parameters, initialization, the residual kernel of state set `set`,
  /// the event update, the aliases) for the first whose value is not finite
  /// although what it reads is: "`z` is NaN: square root of a negative
  /// number: `sqrt(time - 0.5)` with `time - 0.5` = -0.002 (at m.mo:4:3)".
  /// Then the residuals that are not finite (if `residuals` is given) and
  /// the zero-crossing functions; failing all, the first slot that is not
  /// finite by its name.
  std::string explain(double t, const double *v, const double *residuals, int32_t set) const;

private:
  const plan::KernelSpec *kernel(const std::string &name) const;
  std::string where(const plan::KernelStep &step, sym::VarId fallback) const;

  const flat::FlatModel &model_;
  const SimulationPlan &plan_;
  const SourceManager &sources_;
};

} // namespace mocc::causalize
