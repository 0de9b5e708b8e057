// The plan's checker (Verify.h).
#include "compiler/plan/Verify.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace mocc::plan {

namespace {

using sym::ExprId;

class PlanVerifier {
public:
  PlanVerifier(const SimulationPlan &plan, const flat::FlatModel &model)
      : plan_(plan), model_(model), pool_(model.pool), visited_(model.pool.size(), 0),
        assignedAt_(static_cast<size_t>(std::max(plan.numSlots, 0)), UINT32_MAX) {}

  std::vector<std::string> run() {
    for (size_t k = 0; k < plan_.kernels.size(); ++k) {
      const KernelSpec &kernel = plan_.kernels[k];
      if (kernel.name.empty())
        problem("kernel " + std::to_string(k) + " has no name");
      else if (!byName_.emplace(kernel.name, &kernel).second)
        problem("two kernels are named `" + kernel.name + "`");
      checkKernel(kernel);
    }
    checkReferences();
    return std::move(problems_);
  }

private:
  void problem(std::string text) { problems_.push_back(std::move(text)); }

  bool slotInRange(int64_t slot) const { return slot >= 0 && slot < plan_.numSlots; }

  /// Whether a step assigns a held relation (`$relk(...)`).
  bool heldRelation(const KernelStep &step) const {
    return step.kind == KernelStep::Kind::Assign && step.target.index < model_.size() &&
           model_.var(step.target).special == flat::SpecialKind::Relation;
  }

  /// The steps [begin, end) of a kernel, or of a case of a batch: each slot
  /// assigned once, and read by no step before the one that assigns it (a
  /// step may read the slot it assigns: the event update keeps a value
  /// that does not change as it was). A held relation is computed from the
  /// values as they are (the round before, or the start values): the event
  /// iteration and the iteration of mixed systems settle it, so its reads
  /// are not ordered; the walks of its steps come last, so that they mark
  /// no node as read first.
  void checkSteps(const KernelSpec &kernel, size_t begin, size_t end, const std::string &what) {
    ++stamp_;
    std::vector<uint32_t> assigned;
    for (size_t i = begin; i < end; ++i) {
      const KernelStep &step = kernel.steps[i];
      if (step.kind == KernelStep::Kind::Assign) {
        if (!slotInRange(step.target.index)) {
          problem(what + ": step " + std::to_string(i) + " assigns slot " +
                  std::to_string(step.target.index) + " of " + std::to_string(plan_.numSlots));
          continue;
        }
        uint32_t &at = assignedAt_[step.target.index];
        if (at != UINT32_MAX)
          problem(what + ": slot " + std::to_string(step.target.index) + " is assigned by steps " +
                  std::to_string(at) + " and " + std::to_string(i));
        else
          assigned.push_back(step.target.index);
        at = static_cast<uint32_t>(i);
      }
      if (kernel.withJvp &&
          (step.kind == KernelStep::Kind::Call || step.kind == KernelStep::Kind::Outputs))
        problem(what + ": step " + std::to_string(i) + " is a call in a kernel with a JVP");
    }
    // The outputs a call stores are assigned again by later steps, which
    // read them.
    for (size_t i = begin; i < end; ++i) {
      const KernelStep &step = kernel.steps[i];
      if (step.kind != KernelStep::Kind::Outputs)
        continue;
      for (sym::VarId target : step.targets)
        if (target.valid() && (!slotInRange(target.index) || assignedAt_[target.index] == UINT32_MAX ||
                               assignedAt_[target.index] < i))
          problem(what + ": step " + std::to_string(i) + " stores an output into slot " +
                  std::to_string(target.index) + ", which no later step assigns");
    }
    // The first step that reads a slot is the one whose walk reaches its
    // node first: one walk over the kernel's expressions.
    for (size_t i = begin; i < end; ++i) {
      const KernelStep &step = kernel.steps[i];
      if (step.expr.index >= pool_.size()) {
        problem(what + ": step " + std::to_string(i) + " has no valid expression");
        continue;
      }
      if (heldRelation(step))
        continue;
      walk(step.expr, [&](uint32_t slot) {
        if (slot < assignedAt_.size() && assignedAt_[slot] != UINT32_MAX && assignedAt_[slot] > i)
          problem(what + ": step " + std::to_string(i) + " reads slot " + std::to_string(slot) +
                  " before step " + std::to_string(assignedAt_[slot]) + " assigns it");
        else if (slot >= static_cast<uint32_t>(std::max(plan_.numSlots, 0)))
          problem(what + ": step " + std::to_string(i) + " reads slot " + std::to_string(slot) +
                  " of " + std::to_string(plan_.numSlots));
      });
    }
    for (size_t i = begin; i < end; ++i) {
      const KernelStep &step = kernel.steps[i];
      if (step.expr.index < pool_.size() && heldRelation(step))
        walk(step.expr, [&](uint32_t slot) {
          if (slot >= static_cast<uint32_t>(std::max(plan_.numSlots, 0)))
            problem(what + ": step " + std::to_string(i) + " reads slot " +
                    std::to_string(slot) + " of " + std::to_string(plan_.numSlots));
        });
    }
    for (uint32_t slot : assigned)
      assignedAt_[slot] = UINT32_MAX;
  }

  /// Calls `read` on the slot of each Variable node reachable from `root`
  /// that no earlier walk of this stamp reached.
  template <class Read>
  void walk(ExprId root, Read read) {
    if (visited_[root.index] == stamp_)
      return;
    stack_.clear();
    stack_.push_back(root);
    visited_[root.index] = stamp_;
    while (!stack_.empty()) {
      ExprId id = stack_.back();
      stack_.pop_back();
      if (sym::VarId v = pool_.variableOf(id); v.valid())
        read(v.index);
      for (ExprId operand : pool_.operands(id)) {
        if (visited_[operand.index] != stamp_) {
          visited_[operand.index] = stamp_;
          stack_.push_back(operand);
        }
      }
    }
  }

  void checkKernel(const KernelSpec &kernel) {
    std::string what = "kernel `" + kernel.name + "`";
    if (std::string form = checkKernelForm(kernel, pool_); !form.empty()) {
      problem(form);
      return;
    }
    if (!kernel.isBatch()) {
      checkSteps(kernel, 0, kernel.steps.size(), what);
      return;
    }
    for (size_t c = 0; c < kernel.numCases(); ++c)
      checkSteps(kernel, kernel.caseStart[c], kernel.caseStart[c + 1],
                 what + " case " + std::to_string(c));
  }

  /// The kernel named `name` (a problem if there is none).
  const KernelSpec *kernel(const std::string &name, const char *role) {
    auto it = byName_.find(name);
    if (it != byName_.end())
      return it->second;
    problem(std::string(role) + " names kernel `" + name + "`, which the plan does not have");
    return nullptr;
  }

  static size_t residuals(const KernelSpec &kernel, size_t begin, size_t end) {
    size_t n = 0;
    for (size_t i = begin; i < end; ++i)
      n += kernel.steps[i].kind == KernelStep::Kind::Residual;
    return n;
  }

  /// A CSC pattern of `rows` x `size` (rows = size unless given) whose
  /// coloring gives no two columns of one color a common row.
  void checkPattern(const SparsityPattern &p, size_t size, const std::string &what,
                    std::optional<size_t> rows = std::nullopt) {
    auto numRows = static_cast<int64_t>(rows.value_or(size));
    bool ok = p.size == static_cast<int64_t>(size) &&
              p.colPtr.size() == static_cast<size_t>(p.size) + 1 && p.colPtr.front() == 0 &&
              p.colPtr.back() == static_cast<int64_t>(p.rowIdx.size()) &&
              std::is_sorted(p.colPtr.begin(), p.colPtr.end()) &&
              p.colors.size() == static_cast<size_t>(p.size);
    for (size_t i = 0; ok && i < p.rowIdx.size(); ++i)
      ok = p.rowIdx[i] >= 0 && p.rowIdx[i] < numRows;
    for (size_t i = 0; ok && i < p.colors.size(); ++i)
      ok = p.colors[i] >= 0 && p.colors[i] < p.numColors;
    if (!ok) {
      problem(what + ": its sparsity pattern is not a well-formed " + std::to_string(numRows) +
              " x " + std::to_string(size) + " pattern");
      return;
    }
    // The columns by color; a row met twice within one color is a conflict.
    std::vector<int64_t> order(static_cast<size_t>(p.size));
    for (int64_t j = 0; j < p.size; ++j)
      order[j] = j;
    std::stable_sort(order.begin(), order.end(),
                     [&](int64_t a, int64_t b) { return p.colors[a] < p.colors[b]; });
    std::vector<int32_t> seen(static_cast<size_t>(numRows), -1);
    for (int64_t j : order)
      for (int64_t k = p.colPtr[j]; k < p.colPtr[j + 1]; ++k) {
        if (seen[p.rowIdx[k]] == p.colors[j]) {
          problem(what + ": two columns of color " + std::to_string(p.colors[j]) +
                  " share row " + std::to_string(p.rowIdx[k]));
          return;
        }
        seen[p.rowIdx[k]] = p.colors[j];
      }
  }

  void checkSlots(const std::vector<int32_t> &slots, bool allowNone, const std::string &what) {
    for (int32_t slot : slots) {
      if (!slotInRange(slot) && !(allowNone && slot == -1)) {
        problem(what + " holds slot " + std::to_string(slot) + " of " +
                std::to_string(plan_.numSlots));
        return;
      }
    }
  }

  /// The DAE of one choice of states: y, y', the residual kernel with one
  /// residual per component, the Jacobian's pattern.
  void checkDae(const std::string &residual, const std::vector<int32_t> &ySlot,
                const std::vector<int32_t> &ypSlot, const std::vector<double> &yNominal,
                const SparsityPattern &jacobian, const std::string &what) {
    if (ypSlot.size() != ySlot.size() || yNominal.size() != ySlot.size())
      problem(what + ": y, y' and the nominal values differ in size");
    checkSlots(ySlot, false, what + "'s y");
    checkSlots(ypSlot, true, what + "'s y'");
    checkPattern(jacobian, ySlot.size(), what);
    if (const KernelSpec *k = kernel(residual, what.c_str())) {
      if (k->isBatch() || residuals(*k, 0, k->steps.size()) != ySlot.size())
        problem(what + ": kernel `" + residual + "` has not one residual per component of y");
    }
  }

  void checkReferences() {
    kernel(plan_.setParameters, "setParameters");
    kernel(plan_.setStartValues, "setStartValues");
    checkDae(plan_.residual, plan_.ySlot, plan_.ypSlot, plan_.yNominal, plan_.jacobian,
             "the DAE");
    if (!plan_.aliases.empty())
      kernel(plan_.aliases, "aliases");
    checkSlots(plan_.aliasSlots, false, "aliasSlots");
    for (size_t i = 0; i < plan_.init.size(); ++i) {
      const InitStepPlan &step = plan_.init[i];
      std::string what = "initialization step " + std::to_string(i);
      const KernelSpec *k = kernel(step.kernel, what.c_str());
      if (!k)
        continue;
      size_t begin = 0, end = k->steps.size();
      if (k->isBatch() != (step.kernelCase >= 0) ||
          (k->isBatch() && static_cast<size_t>(step.kernelCase) >= k->numCases())) {
        problem(what + ": case " + std::to_string(step.kernelCase) + " of kernel `" + step.kernel +
                "` does not exist");
        continue;
      }
      if (k->isBatch()) {
        begin = k->caseStart[step.kernelCase];
        end = k->caseStart[step.kernelCase + 1];
      }
      if (step.kind == InitStepPlan::Kind::Assign) {
        if (residuals(*k, begin, end) != 0)
          problem(what + ": an assignment step whose kernel has residuals");
        continue;
      }
      if (residuals(*k, begin, end) != step.unknowns.size())
        problem(what + ": a system whose kernel has not one residual per unknown");
      checkSlots(step.unknowns, false, what + "'s unknowns");
      checkPattern(step.pattern, step.unknowns.size(), what);
    }
    for (size_t s = 0; s < plan_.stateSets.size(); ++s) {
      const StateSetPlan &set = plan_.stateSets[s];
      checkDae(set.residual, set.ySlot, set.ypSlot, set.yNominal, set.jacobian,
               "state set " + std::to_string(s));
    }
    if (!plan_.stateSets.empty() && plan_.stateSets.front().residual != plan_.residual)
      problem("the first state set is not the plan's own");
    if (!plan_.pivotKernel.empty()) {
      if (const KernelSpec *k = kernel(plan_.pivotKernel, "the pivot kernel")) {
        size_t n = residuals(*k, 0, k->steps.size());
        if (n != k->steps.size() || n != static_cast<size_t>(plan_.pivotRows))
          problem("the pivot kernel has other steps than its " +
                  std::to_string(plan_.pivotRows) + " residuals");
      }
      checkSlots(plan_.pivotColumns, false, "pivotColumns");
      if (!plan_.pivotPattern.colPtr.empty())
        checkPattern(plan_.pivotPattern, plan_.pivotColumns.size(), "the pivot kernel",
                     static_cast<size_t>(plan_.pivotRows));
    }
    const EventPlan &ev = plan_.events;
    if (!ev.zeroCrossings.empty()) {
      if (const KernelSpec *k = kernel(ev.zeroCrossings, "the zero crossings")) {
        size_t n = residuals(*k, 0, k->steps.size());
        if (n != k->steps.size() || n != static_cast<size_t>(ev.numZeroCrossings))
          problem("the zero-crossing kernel has other steps than its " +
                  std::to_string(ev.numZeroCrossings) + " residuals");
      }
    }
    for (const std::string *name : {&ev.update, &ev.effects, &ev.relations, &ev.assertions})
      if (!name->empty())
        kernel(*name, "the events");
    if (ev.preSlot.size() != ev.valueSlot.size())
      problem("the events' pre and value slots differ in number");
    checkSlots(ev.preSlot, false, "the events' pre slots");
    checkSlots(ev.valueSlot, false, "the events' value slots");
    checkSlots(ev.relationSlots, false, "the events' relation slots");
    for (const OutputVariable &o : plan_.outputs) {
      if (!slotInRange(o.slot) || (o.aliasOf != -1 && !slotInRange(o.aliasOf)))
        problem("output `" + o.name + "` holds a slot out of range");
    }
  }

  const SimulationPlan &plan_;
  const flat::FlatModel &model_;
  const sym::ExprPool &pool_;
  std::vector<uint32_t> visited_; ///< per node: the stamp of the walk that reached it
  uint32_t stamp_ = 0;
  std::vector<uint32_t> assignedAt_; ///< per slot: its step in the kernel being checked
  std::vector<ExprId> stack_;
  std::unordered_map<std::string, const KernelSpec *> byName_;
  std::vector<std::string> problems_;
};

} // namespace

std::string checkKernelForm(const KernelSpec &kernel, const sym::ExprPool &pool) {
  if (kernel.isBatch()) {
    const std::vector<uint32_t> &start = kernel.caseStart;
    if (start.size() < 2 || start.front() != 0 || start.back() != kernel.steps.size() ||
        !std::is_sorted(start.begin(), start.end()) || kernel.jvpSteps < kernel.steps.size())
      return "kernel `" + kernel.name + "` is a batch whose cases do not cover its steps";
  }
  for (const KernelStep &step : kernel.steps) {
    bool assign = step.kind == KernelStep::Kind::Assign;
    bool badPart = std::any_of(step.message.begin(), step.message.end(),
                               [&](const flat::MessagePart &part) {
                                 return part.value.valid() && part.value.index >= pool.size();
                               });
    if (step.expr.index >= pool.size() || (assign && !step.target.valid()) || badPart)
      return "kernel `" + kernel.name + "` has a step with an invalid expression or target";
    if (step.kind == KernelStep::Kind::Assert && step.level != 1 && step.level != 2)
      return "kernel `" + kernel.name + "` has an assert of level " + std::to_string(step.level);
  }
  return "";
}

std::vector<std::string> verify(const SimulationPlan &plan, const flat::FlatModel &model) {
  return PlanVerifier(plan, model).run();
}

} // namespace mocc::plan
