// The plan printer (Printer.h).
#include "compiler/plan/Printer.h"

#include <string>

namespace mocc::plan {

namespace {

class PlanPrinter {
public:
  PlanPrinter(const flat::FlatModel &model, std::ostream &out) : model_(model), out_(out) {}

  void print(const SimulationPlan &plan) {
    out_ << "plan " << model_.name << ": " << plan.numSlots << " slots, " << plan.kernels.size()
         << " kernels\n";
    for (const KernelSpec &kernel : plan.kernels)
      printKernel(kernel);
    printSetup(plan);
    printInit(plan);
    printDae(plan);
    printStateSets(plan);
    printEvents(plan.events);
    printOutputs(plan);
  }

private:
  std::string slot(int64_t s) const {
    if (s >= 0 && static_cast<size_t>(s) < model_.size())
      return model_.variables[s].name;
    return "<slot " + std::to_string(s) + ">";
  }

  template <class Slots>
  std::string slots(const Slots &list) const {
    std::string text;
    for (const auto &s : list)
      text += (text.empty() ? "" : ", ") + slot(static_cast<int64_t>(s));
    return "{" + text + "}";
  }

  template <class Numbers>
  static std::string numbers(const Numbers &list) {
    std::string text;
    for (const auto &n : list)
      text += (text.empty() ? "" : ", ") + std::to_string(n);
    return "{" + text + "}";
  }

  static std::string pattern(const SparsityPattern &p) {
    return std::to_string(p.size) + " x " + std::to_string(p.size) + ", " +
           std::to_string(p.rowIdx.size()) + " nonzeros, " + std::to_string(p.numColors) +
           " colors";
  }

  std::string message(const std::vector<flat::MessagePart> &parts) const {
    std::string text;
    for (const flat::MessagePart &part : parts)
      text += part.value.valid() ? "{" + model_.print(part.value) + "}" : part.text;
    return text;
  }

  void printStep(const KernelStep &step, size_t &residual, const char *indent) {
    out_ << indent;
    switch (step.kind) {
    case KernelStep::Kind::Assign:
      out_ << slot(step.target.index) << " := " << model_.print(step.expr);
      break;
    case KernelStep::Kind::Residual:
      out_ << "res[" << residual++ << "] := " << model_.print(step.expr);
      break;
    case KernelStep::Kind::Assert:
      out_ << (step.level == 1 ? "assert " : "warn ") << model_.print(step.expr) << " \""
           << message(step.message) << "\"";
      break;
    case KernelStep::Kind::Terminate:
      out_ << "terminate if " << model_.print(step.expr) << " \"" << message(step.message)
           << "\"";
      break;
    case KernelStep::Kind::Call:
      out_ << "call " << model_.print(step.expr);
      break;
    case KernelStep::Kind::Outputs: {
      out_ << "(";
      for (size_t k = 0; k < step.targets.size(); ++k)
        out_ << (k ? ", " : "") << (step.targets[k].valid() ? slot(step.targets[k].index) : "_");
      out_ << ") := " << model_.print(step.expr);
      break;
    }
    }
    out_ << "\n";
  }

  void printKernel(const KernelSpec &kernel) {
    out_ << "\nkernel " << kernel.name;
    if (kernel.withJvp) {
      out_ << " (jvp";
      if (kernel.jvpSteps < kernel.steps.size())
        out_ << " of the first " << kernel.jvpSteps << " steps";
      out_ << ")";
    }
    out_ << "\n";
    if (!kernel.isBatch()) {
      size_t residual = 0;
      for (const KernelStep &step : kernel.steps)
        printStep(step, residual, "  ");
      return;
    }
    for (size_t c = 0; c < kernel.numCases(); ++c) {
      out_ << "  case " << c << "\n";
      size_t residual = 0;
      for (uint32_t i = kernel.caseStart[c]; i < kernel.caseStart[c + 1]; ++i)
        printStep(kernel.steps[i], residual, "    ");
    }
  }

  void printSetup(const SimulationPlan &plan) {
    out_ << "\nparameters: " << plan.setParameters << "\n";
    out_ << "constant slots: " << slots(plan.constantSlots) << "\n";
    out_ << "start values: " << plan.setStartValues << "\n";
  }

  static std::string kernelOf(const InitStepPlan &step) {
    return step.kernelCase < 0 ? step.kernel
                               : step.kernel + " case " + std::to_string(step.kernelCase);
  }

  void printInit(const SimulationPlan &plan) {
    out_ << "\ninitialization\n";
    for (const InitStepPlan &step : plan.init) {
      if (step.kind == InitStepPlan::Kind::Assign) {
        out_ << "  assign " << kernelOf(step) << "\n";
        continue;
      }
      out_ << "  solve " << kernelOf(step) << " for " << slots(step.unknowns) << "\n";
      out_ << "    jacobian " << pattern(step.pattern) << "; assigns " << slots(step.assigned)
           << "\n";
      // The first line (the notes after it name source files).
      if (!step.description.empty())
        out_ << "    " << step.description.substr(0, step.description.find('\n')) << "\n";
    }
  }

  void printNominals(const std::vector<int32_t> &ySlot, const std::vector<double> &nominal,
                     const char *indent) {
    std::string text;
    for (size_t i = 0; i < ySlot.size() && i < nominal.size(); ++i) {
      if (nominal[i] != 1.0)
        text += (text.empty() ? "" : ", ") + slot(ySlot[i]) + " " + std::to_string(nominal[i]);
    }
    if (!text.empty())
      out_ << indent << "nominal: " << text << "\n";
  }

  std::string unknowns(const std::vector<int32_t> &ySlot, const std::vector<int32_t> &ypSlot) {
    std::string text;
    for (size_t i = 0; i < ySlot.size(); ++i) {
      text += (text.empty() ? "" : ", ") + slot(ySlot[i]);
      if (i < ypSlot.size() && ypSlot[i] >= 0)
        text += " (" + slot(ypSlot[i]) + ")";
    }
    return "{" + text + "}";
  }

  void printDae(const SimulationPlan &plan) {
    out_ << "\ndae: residual " << plan.residual << "\n";
    out_ << "  y (y'): " << unknowns(plan.ySlot, plan.ypSlot) << "\n";
    printNominals(plan.ySlot, plan.yNominal, "  ");
    out_ << "  jacobian " << pattern(plan.jacobian) << "\n";
    if (!plan.aliases.empty())
      out_ << "aliases: " << plan.aliases << " assigns " << slots(plan.aliasSlots) << "\n";
  }

  void printStateSets(const SimulationPlan &plan) {
    if (plan.stateSets.empty() && plan.pivotKernel.empty())
      return;
    out_ << "\nstate selection: pivot kernel " << plan.pivotKernel << ", " << plan.pivotRows
         << " rows, columns " << slots(plan.pivotColumns)
         << (plan.constantSetPivots ? "; the sets' pivots are constant" : "") << "\n";
    for (size_t k = 0; k < plan.stateSets.size(); ++k) {
      const StateSetPlan &set = plan.stateSets[k];
      out_ << "  set " << k << ": " << set.description << "; residual " << set.residual << "\n";
      out_ << "    y (y'): " << unknowns(set.ySlot, set.ypSlot) << "\n";
      printNominals(set.ySlot, set.yNominal, "    ");
      out_ << "    jacobian " << pattern(set.jacobian) << "\n";
      for (const PivotBlock &block : set.pivotBlocks)
        out_ << "    pivot block rows " << numbers(block.rows) << " columns "
             << numbers(block.columns) << "\n";
    }
    for (const SelectionMatrix &m : plan.selectionMatrices) {
      out_ << "  selection matrix: " << m.numStates << " states of columns "
           << numbers(m.columns) << ", forced " << numbers(m.forced) << ", rows "
           << numbers(m.rows) << (m.constant ? ", constant pivots" : "") << "\n";
      out_ << "    A in " << slots(m.aSlots) << "; initial columns " << numbers(m.initial)
           << "\n";
      for (const auto &chain : m.columnChains)
        out_ << "    column " << slots(chain) << "\n";
      for (const auto &chain : m.stateChains)
        out_ << "    state " << slots(chain) << "\n";
    }
  }

  void printEvents(const EventPlan &ev) {
    bool any = !ev.zeroCrossings.empty() || !ev.update.empty() || !ev.effects.empty() || !ev.relations.empty() ||
               !ev.assertions.empty() || !ev.preSlot.empty() || !ev.samples.empty() ||
               ev.initialSlot >= 0 || ev.terminalSlot >= 0 || ev.homotopySlot >= 0;
    if (!any)
      return;
    out_ << "\nevents\n";
    if (!ev.zeroCrossings.empty())
      out_ << "  zero crossings: " << ev.zeroCrossings << " (" << ev.numZeroCrossings << ")\n";
    if (!ev.update.empty())
      out_ << "  update: " << ev.update << "\n";
    if (!ev.effects.empty())
      out_ << "  effects: " << ev.effects << "\n";
    if (!ev.relations.empty())
      out_ << "  relations: " << ev.relations << " assigns " << slots(ev.relationSlots) << "\n";
    if (!ev.assertions.empty())
      out_ << "  assertions: " << ev.assertions << "\n";
    for (size_t i = 0; i < ev.preSlot.size() && i < ev.valueSlot.size(); ++i)
      out_ << "  " << slot(ev.preSlot[i]) << " <- " << slot(ev.valueSlot[i]) << "\n";
    for (const EventPlan::Sample &s : ev.samples) {
      if (s.moving)
        out_ << "  time event " << slot(s.flag) << " at " << slot(s.start) << ", moving\n";
      else if (s.relation)
        out_ << "  time event " << slot(s.flag) << " at " << slot(s.start) << "\n";
      else
        out_ << "  sample " << slot(s.flag) << " at " << slot(s.start) << " every "
             << slot(s.interval) << "\n";
    }
    if (ev.initialSlot >= 0)
      out_ << "  initial(): " << slot(ev.initialSlot) << "\n";
    if (ev.terminalSlot >= 0)
      out_ << "  terminal(): " << slot(ev.terminalSlot) << "\n";
    if (ev.repeatSlot >= 0)
      out_ << "  repeat: " << slot(ev.repeatSlot) << "\n";
    if (ev.homotopySlot >= 0)
      out_ << "  homotopy lambda: " << slot(ev.homotopySlot) << "\n";
  }

  void printOutputs(const SimulationPlan &plan) {
    const ExperimentDefaults &e = plan.experiment;
    out_ << "\nexperiment: start " << e.startTime << ", stop " << e.stopTime << ", interval "
         << e.interval << ", tolerance " << e.tolerance << "\n";
    out_ << "outputs\n";
    for (const OutputVariable &o : plan.outputs) {
      out_ << "  " << o.name;
      if (o.name != slot(o.slot))
        out_ << " in " << slot(o.slot);
      if (o.parameter)
        out_ << " (parameter)";
      if (o.aliasOf >= 0)
        out_ << " = " << (o.negated ? "-" : "") << slot(o.aliasOf);
      out_ << "\n";
    }
  }

  const flat::FlatModel &model_;
  std::ostream &out_;
};

} // namespace

void printPlan(const SimulationPlan &plan, const flat::FlatModel &model, std::ostream &out) {
  PlanPrinter(model, out).print(plan);
}

} // namespace mocc::plan
