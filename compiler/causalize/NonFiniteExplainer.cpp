// Implementation of NonFiniteExplainer; see NonFiniteExplainer.h.
#include "compiler/causalize/NonFiniteExplainer.h"

#include "compiler/flat/Evaluate.h"
#include "compiler/symbolic/NonFinite.h"

#include <cmath>

namespace mocc::causalize {

using plan::KernelSpec;
using plan::KernelStep;

NonFiniteExplainer::NonFiniteExplainer(const flat::FlatModel &model, const SimulationPlan &plan,
                                       const SourceManager &sources)
    : model_(model), plan_(plan), sources_(sources) {}

const KernelSpec *NonFiniteExplainer::kernel(const std::string &name) const {
  if (name.empty())
    return nullptr;
  for (const KernelSpec &k : plan_.kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

/// " (at file:line:col)" of the step's equation, else of the variable's
/// declaration.
std::string NonFiniteExplainer::where(const KernelStep &step, sym::VarId fallback) const {
  SourceRange loc = step.loc;
  if (!loc.valid() && fallback.valid() && fallback.index < model_.size())
    loc = model_.var(fallback).loc;
  return loc.valid() ? " (at " + sources_.shortLocation(loc.start()) + ")" : "";
}

std::string NonFiniteExplainer::explain(double t, const double *v, const double *residuals,
                                        int32_t set) const {
  auto name = [&](sym::VarId var) {
    return var.index < model_.size() ? model_.nameOf(var) : "slot " + std::to_string(var.index);
  };
  auto functionName = [&](uint32_t f) {
    return f < model_.functions.size() ? model_.functions[f].name : "f" + std::to_string(f);
  };
  auto numSlots = static_cast<uint32_t>(plan_.numSlots);
  flat::FunctionInterpreter interpreter(model_.functions);
  sym::ValueSource values;
  values.variable = [&](sym::VarId var) -> std::optional<double> {
    if (var.index >= numSlots)
      return std::nullopt;
    return v[var.index];
  };
  values.time = t;
  values.call = [&](uint32_t f, std::span<const double> args) { return interpreter.call(f, args); };
  auto explainStep = [&](const KernelStep &step) {
    sym::NonFinite found =
        sym::explainNonFinite(model_.pool, step.expr, values, name, functionName);
    if (!found.why.empty() || !(found.source == step.target) || !step.target.valid())
      return found;
    // It kept the value it assigned before (a when-clause that does not
    // fire now): the branches of its if-expressions say how it got it.
    std::vector<sym::ExprId> stack{step.expr};
    std::vector<char> seen(model_.pool.size(), 0);
    while (!stack.empty()) {
      sym::ExprId e = stack.back();
      stack.pop_back();
      if (seen[e.index] || model_.pool.op(e) != sym::OpKind::IfElse)
        continue;
      seen[e.index] = 1;
      for (int branch = 1; branch <= 2; ++branch) {
        sym::ExprId b = model_.pool.operand(e, branch);
        sym::NonFinite inner = sym::explainNonFinite(model_.pool, b, values, name, functionName);
        if (!inner.why.empty())
          return inner;
        stack.push_back(b);
      }
    }
    return found;
  };

  // The kernels in the order their steps run; of an initialization case
  // only its own steps.
  std::vector<std::pair<const KernelSpec *, int32_t>> order;
  order.push_back({kernel(plan_.setParameters), -1});
  for (const InitStepPlan &step : plan_.init)
    order.push_back({kernel(step.kernel), step.kernelCase});
  std::string residualName = plan_.residual;
  if (set > 0 && static_cast<size_t>(set) < plan_.stateSets.size())
    residualName = plan_.stateSets[set].residual;
  const KernelSpec *residualKernel = kernel(residualName);
  order.push_back({residualKernel, -1});
  order.push_back({kernel(plan_.events.update), -1});
  order.push_back({kernel(plan_.events.effects), -1});
  order.push_back({kernel(plan_.aliases), -1});
  for (const auto &[spec, which] : order) {
    if (!spec)
      continue;
    size_t begin = 0, end = spec->steps.size();
    if (which >= 0 && static_cast<size_t>(which) + 1 < spec->caseStart.size()) {
      begin = spec->caseStart[which];
      end = spec->caseStart[which + 1];
    }
    for (size_t i = begin; i < end; ++i) {
      const KernelStep &step = spec->steps[i];
      if (step.kind != KernelStep::Kind::Assign || step.target.index >= numSlots ||
          std::isfinite(v[step.target.index]))
        continue;
      sym::NonFinite found = explainStep(step);
      if (found.why.empty())
        continue; // it took the value on from a slot that is not finite
      return "`" + name(step.target) + "` is " + sym::formatValue(v[step.target.index]) + ": " +
             found.why + where(step, step.target);
    }
  }
  // A residual that is not finite although every slot is: its equation.
  if (residuals && residualKernel) {
    size_t k = 0;
    for (const KernelStep &step : residualKernel->steps) {
      if (step.kind != KernelStep::Kind::Residual)
        continue;
      if (!std::isfinite(residuals[k])) {
        sym::NonFinite found = explainStep(step);
        std::string why = !found.why.empty()     ? found.why
                          : found.source.valid() ? "`" + name(found.source) + "` is " +
                                                       sym::formatValue(v[found.source.index])
                                                 : "";
        std::string equation = step.loc.valid()
                                   ? "the equation at " + sources_.shortLocation(step.loc.start())
                                   : "an equation";
        return "the residual of " + equation + " is " + sym::formatValue(residuals[k]) +
               (why.empty() ? "" : ": " + why);
      }
      ++k;
    }
  }
  // A zero-crossing function: its relation's operands.
  if (const KernelSpec *crossings = kernel(plan_.events.zeroCrossings))
    for (const KernelStep &step : crossings->steps) {
      sym::NonFinite found = explainStep(step);
      if (!found.why.empty())
        return "a relation's operand is not finite: " + found.why;
    }
  // A slot nothing explains: a state as IDA left it, an input.
  for (uint32_t i = 0; i < numSlots; ++i)
    if (!std::isfinite(v[i]) &&
        !(i < model_.size() && model_.variables[i].type == flat::TypeKind::ExternalObject))
      return "`" + name(sym::VarId{i}) + "` is " + sym::formatValue(v[i]) +
             where(KernelStep{}, sym::VarId{i});
  return "a value is not finite";
}

} // namespace mocc::causalize
