// One Outputs step per call whose outputs several assignments use
// (SharedCalls.h).
#include "compiler/causalize/SharedCalls.h"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace mocc::causalize {

using plan::KernelSpec;
using plan::KernelStep;
using sym::ExprId;
using sym::OpKind;
using sym::VarId;

namespace {

/// Conditions deeper than this are not followed (the path is compared and
/// rebuilt per use).
constexpr size_t maxDepth = 64;

/// One if-condition on the way to a call's output: the condition's node and
/// the branch taken (0: then, 1: else).
struct PathStep {
  ExprId condition;
  uint8_t branch = 0;
  bool operator==(const PathStep &other) const {
    return condition == other.condition && branch == other.branch;
  }
};

/// An Assign step whose value is an output of a call under a chain of
/// conditions.
struct Use {
  size_t step = 0;
  ExprId call;
  uint32_t output = 0;
  std::vector<PathStep> path;
};

bool isCallOutput(const sym::ExprPool &pool, ExprId id) {
  return pool.op(id) == OpKind::Output && pool.op(pool.operand(id, 0)) == OpKind::Call;
}

/// Whether a call's output is a value of `id` through the branches of
/// if-expressions; `budget` bounds the nodes looked at (a nest of `if`s
/// whose both branches go on is not followed).
bool reachesCallOutput(const sym::ExprPool &pool, ExprId id, int &budget) {
  if (--budget < 0)
    return false;
  if (isCallOutput(pool, id))
    return true;
  return pool.op(id) == OpKind::IfElse && (reachesCallOutput(pool, pool.operand(id, 1), budget) ||
                                           reachesCallOutput(pool, pool.operand(id, 2), budget));
}

/// The use that `step` makes of a call's output, if its value is one under
/// if-conditions: at each `if`, exactly one branch leads to the output, the
/// other is the value otherwise.
std::optional<Use> useOf(const sym::ExprPool &pool, const KernelStep &step, size_t index) {
  if (step.kind != KernelStep::Kind::Assign)
    return std::nullopt;
  Use use;
  use.step = index;
  ExprId e = step.expr;
  int budget = 4 * static_cast<int>(maxDepth);
  auto goesOn = [&](ExprId id) { return reachesCallOutput(pool, id, budget); };
  for (size_t depth = 0; depth <= maxDepth; ++depth) {
    if (isCallOutput(pool, e)) {
      use.call = pool.operand(e, 0);
      use.output = pool.node(e).payload.index;
      return use;
    }
    if (pool.op(e) != OpKind::IfElse)
      return std::nullopt;
    bool then = goesOn(pool.operand(e, 1)), otherwise = goesOn(pool.operand(e, 2));
    if (then == otherwise)
      return std::nullopt;
    use.path.push_back({pool.operand(e, 0), static_cast<uint8_t>(then ? 0 : 1)});
    e = pool.operand(e, then ? 1 : 2);
  }
  return std::nullopt;
}

/// `e` with the node at the end of `path` replaced by `leaf`.
ExprId replaceAtEnd(sym::ExprPool &pool, ExprId e, std::span<const PathStep> path, ExprId leaf) {
  if (path.empty())
    return leaf;
  ExprId then = pool.operand(e, 1), otherwise = pool.operand(e, 2);
  (path[0].branch == 0 ? then : otherwise) =
      replaceAtEnd(pool, path[0].branch == 0 ? then : otherwise, path.subspan(1), leaf);
  return pool.ifElse(path[0].condition, then, otherwise);
}

/// The slots that the call's arguments and the path's conditions read.
std::unordered_set<uint32_t> slotsRead(const sym::ExprPool &pool, const Use &use) {
  std::vector<ExprId> roots{use.call};
  for (const PathStep &step : use.path)
    roots.push_back(step.condition);
  std::unordered_set<uint32_t> slots;
  sym::forEachNode(pool, roots, [&](ExprId id) {
    if (VarId v = pool.variableOf(id); v.valid())
      slots.insert(v.index);
    if (pool.op(id) == OpKind::Load) { // an element of the array at a run-time index
      auto size = pool.constantValue(pool.operand(id, 1)).value_or(0.0);
      for (uint32_t k = 0; k < static_cast<uint32_t>(size); ++k)
        slots.insert(pool.node(id).payload.index + k);
    }
  });
  return slots;
}

void shareInKernel(sym::ExprPool &pool, KernelSpec &kernel) {
  // The uses of each call, in step order, with the path of its first one.
  std::unordered_map<uint32_t, std::vector<Use>> usesOf;
  std::vector<uint32_t> calls; // in order of first use
  std::unordered_map<uint32_t, size_t> assignedAt;
  for (size_t i = 0; i < kernel.steps.size(); ++i) {
    const KernelStep &step = kernel.steps[i];
    if (step.kind == KernelStep::Kind::Assign)
      assignedAt.emplace(step.target.index, i);
    std::optional<Use> use = useOf(pool, step, i);
    if (!use)
      continue;
    auto [found, inserted] = usesOf.try_emplace(use->call.index);
    if (inserted)
      calls.push_back(use->call.index);
    if (found->second.empty() || found->second.front().path == use->path)
      found->second.push_back(std::move(*use));
  }
  std::vector<std::pair<size_t, KernelStep>> inserted; // before step .first
  for (uint32_t call : calls) {
    std::vector<Use> &uses = usesOf[call];
    if (uses.size() < 2)
      continue;
    // The uses before the first step (after the first use) that assigns
    // what the call or its conditions read, whose targets are not read
    // there, each output once.
    std::unordered_set<uint32_t> read = slotsRead(pool, uses.front());
    size_t end = SIZE_MAX;
    for (uint32_t slot : read) {
      auto found = assignedAt.find(slot);
      if (found != assignedAt.end() && found->second > uses.front().step)
        end = std::min(end, found->second);
    }
    std::vector<VarId> targets;
    std::vector<const Use *> kept;
    for (const Use &use : uses) {
      VarId target = kernel.steps[use.step].target;
      if (use.step >= end || read.count(target.index))
        continue;
      if (use.output >= targets.size())
        targets.resize(use.output + 1);
      if (targets[use.output].valid())
        continue;
      targets[use.output] = target;
      kept.push_back(&use);
    }
    if (kept.size() < 2)
      continue;
    const Use &first = *kept.front();
    ExprId effect = first.call;
    for (auto step = first.path.rbegin(); step != first.path.rend(); ++step)
      effect = step->branch == 0 ? pool.ifElse(step->condition, effect, pool.zero())
                                 : pool.ifElse(step->condition, pool.zero(), effect);
    KernelStep outputs(KernelStep::Kind::Outputs, {}, effect, {}, 1, kernel.steps[first.step].loc);
    outputs.targets = std::move(targets);
    inserted.emplace_back(first.step, std::move(outputs));
    for (const Use *use : kept) {
      KernelStep &step = kernel.steps[use->step];
      step.expr = replaceAtEnd(pool, step.expr, use->path, pool.variable(step.target));
    }
  }
  if (inserted.empty())
    return;
  std::sort(inserted.begin(), inserted.end(),
            [](const auto &a, const auto &b) { return a.first < b.first; });
  std::vector<KernelStep> steps;
  steps.reserve(kernel.steps.size() + inserted.size());
  size_t next = 0;
  for (size_t i = 0; i < kernel.steps.size(); ++i) {
    for (; next < inserted.size() && inserted[next].first == i; ++next)
      steps.push_back(std::move(inserted[next].second));
    steps.push_back(std::move(kernel.steps[i]));
  }
  kernel.steps = std::move(steps);
}

} // namespace

void shareCallOutputs(sym::ExprPool &pool, plan::SimulationPlan &plan) {
  for (KernelSpec &kernel : plan.kernels)
    if (!kernel.withJvp && !kernel.isBatch())
      shareInKernel(pool, kernel);
}

} // namespace mocc::causalize
