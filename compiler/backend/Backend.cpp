// The back end (Backend.h): code generation scheduled for the JIT, then the
// runtime's model bound to the native functions.
#include "compiler/backend/Backend.h"

#include "compiler/codegen/Codegen.h"
#include "compiler/codegen/PoolFacts.h"
#include "compiler/jit/FunctionLibrary.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <chrono>

namespace mocc::backend {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Huge models are compiled while they are generated: code generation fills
/// one module after another (of about instructionsPerModule instructions)
/// and hands each to the JIT's workers as soon as it is complete. Machine
/// code generation is most of the JIT's time and is linear in the code, so
/// the workers divide it by the number of cores and hide code generation
/// behind it; below streamedSteps kernel steps the threads cost more than
/// they save.
constexpr uint64_t streamedSteps = 20000;
constexpr size_t instructionsPerModule = 100000;

/// The modules of a streamed code generation, each started in the JIT when
/// complete.
class KernelStream : public codegen::ModuleSink {
public:
  KernelStream(jit::Jit &jit, jit::OptLevel level) : jit_(jit), level_(level) {}
  llvm::Module &open() override {
    unit_.context = std::make_unique<llvm::LLVMContext>();
    unit_.module = std::make_unique<llvm::Module>("mocc_kernels" + std::to_string(++count_),
                                                  *unit_.context);
    return *unit_.module;
  }
  void close() override {
    auto start = Clock::now();
    jit_.startModule(std::move(unit_), level_);
    compileSeconds_ += secondsSince(start);
  }
  /// The time startModule spent compiling modules on this thread (when the
  /// JIT's queue was full): the `jit` phase's, not code generation's.
  double compileSeconds() const { return compileSeconds_; }

private:
  jit::Jit &jit_;
  jit::OptLevel level_;
  jit::Jit::Unit unit_;
  unsigned count_ = 0;
  double compileSeconds_ = 0;
};

/// Compiles and loads the C code of the external functions into `jit`; a
/// C source that does not compile or a C function found nowhere is an
/// error at its function's external clause.
bool linkExternals(NativeModel &native, std::span<const flat::Function> functions,
                   const BackendOptions &options, Diagnostics &diags, diag::Message &error) {
  jit::ExternalReport &report = native.external;
  if (!jit::linkExternalFunctions(*native.jit, functions, options.external, report, error))
    return false;
  if (report.compiledUnits + report.cachedUnits > 0)
    native.phaseTimes.push_back({"C code", report.seconds});
  reportExternalProblems(report, functions, diags);
  return report.problems.empty();
}

/// Generates the code of the kernels and of the model's functions (with
/// the derivatives the JVPs call) and adds it to the JIT; code generation
/// runs once over the kernels, streamed to the JIT's workers when the code
/// is big. Records the phase times `codegen` and `jit` (the part of the
/// latter spent here).
bool generateCode(const plan::SimulationPlan &plan, flat::FlatModel &model,
                  NativeModel &native, double &jitSeconds, diag::Message &error) {
  auto start = Clock::now();
  std::vector<flat::Function> &functions = model.functions;
  bool anyJvp = std::any_of(plan.kernels.begin(), plan.kernels.end(),
                            [](const plan::KernelSpec &spec) { return spec.withJvp; });
  // One pass over the pool for the derivatives and the code of every kernel.
  codegen::PoolFacts facts(model.pool, anyJvp, plan.constantSlots);
  // The model's functions, and the forward derivatives the JVPs call.
  if (!codegen::addKernelDerivatives(functions, model.pool, plan.kernels, facts, &error))
    return false;
  codegen::CodegenOptions options;
  options.constantSlots = plan.constantSlots;
  options.facts = &facts;
  options.repeatsFound = codegen::findKernelRepeats(model.pool, plan.kernels, options);
  // Streaming follows the size of the code, where a run of repeated steps
  // is one loop; the optimization level follows the size of the model: O2
  // on loops over big tables cost far more than the code's size suggests
  // (a transmission line of 2,500 sections: 56 steps emitted, 1.75 s at
  // O2, 0.04 s at the light level).
  uint64_t steps = codegen::emittedSteps(plan.kernels, options.repeatsFound);
  native.emittedSteps = steps;
  for (const auto &kernel : plan.kernels)
    native.kernelSteps += kernel.steps.size();
  jit::OptLevel level = jit::suggestOptLevel(native.kernelSteps);
  for (const auto &repeats : options.repeatsFound)
    native.loops += codegen::loopCount(repeats);
  auto home = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> homeModule;
  bool streamed = steps > streamedSteps;
  double compiledWhileGenerating = 0;
  if (!streamed) {
    homeModule = codegen::generateKernels(*home, model.pool, plan.kernels, options, &error,
                                          functions);
    if (!homeModule)
      return false;
  } else {
    homeModule = std::make_unique<llvm::Module>("mocc_kernels", *home);
    KernelStream stream(*native.jit, level);
    if (!codegen::generateKernelsStreamed(*homeModule, stream, instructionsPerModule, model.pool,
                                          plan.kernels, options, &error, functions)) {
      native.jit->finishModules(error);
      return false;
    }
    compiledWhileGenerating = stream.compileSeconds();
  }
  native.phaseTimes.push_back({"codegen", secondsSince(start) - compiledWhileGenerating});
  start = Clock::now();
  // The functions' modules and the kernels' compile on the JIT's threads
  // together (jit::startFunctions).
  if (!functions.empty() && !jit::startFunctions(*native.jit, functions, error)) {
    diag::Message ignored;
    native.jit->finishModules(ignored);
    return false;
  }
  native.jit->startModule({std::move(homeModule), std::move(home)}, level);
  if (!native.jit->finishModules(error))
    return false;
  jitSeconds = secondsSince(start) + compiledWhileGenerating;
  return true;
}

/// The runtime's model: the plan with each kernel name replaced by its
/// native function. A name the JIT does not know sets `error` (the first
/// such).
bool bindModel(const plan::SimulationPlan &plan, const flat::FlatModel &model,
               NativeModel &native, diag::Message &error) {
  jit::Jit &engine = *native.jit;
  diag::Message missing; // the failure of the last lookup
  auto lookup = [&](const std::string &name) {
    void *address = engine.lookup(name, missing);
    if (!address && !error)
      error = missing;
    return address;
  };
  auto kernel = [&](const std::string &name) {
    return reinterpret_cast<rt::KernelFn>(lookup(name));
  };
  auto jvp = [&](const std::string &name) {
    return reinterpret_cast<rt::KernelJvpFn>(lookup(codegen::jvpName(name)));
  };
  rt::CompiledModel &m = native.model;
  m.name = model.name;
  m.numSlots = plan.numSlots;
  m.setParameters = kernel(plan.setParameters);
  m.setStartValues = kernel(plan.setStartValues);
  // A case of a batch (KernelSpec::caseStart) or a function of its own.
  auto kernelRef = [&](const plan::InitStepPlan &step) -> rt::KernelRef {
    if (step.kernelCase < 0)
      return kernel(step.kernel);
    return {reinterpret_cast<rt::BatchedKernelFn>(lookup(step.kernel)),
            step.kernelCase};
  };
  auto jvpRef = [&](const plan::InitStepPlan &step) -> rt::KernelJvpRef {
    if (step.kernelCase < 0)
      return jvp(step.kernel);
    return {reinterpret_cast<rt::BatchedKernelJvpFn>(lookup(codegen::jvpName(step.kernel))),
            step.kernelCase};
  };
  for (const plan::InitStepPlan &step : plan.init) {
    rt::InitStep s;
    s.kind = step.kind == plan::InitStepPlan::Kind::Assign ? rt::InitStep::Kind::Assign
                                                           : rt::InitStep::Kind::Solve;
    if (s.kind == rt::InitStep::Kind::Assign) {
      s.assign = kernelRef(step);
    } else {
      s.system.unknowns = step.unknowns;
      s.system.assigned = step.assigned;
      s.system.residual = kernelRef(step);
      s.system.jvp = jvpRef(step);
      s.system.pattern = step.pattern;
      s.system.nominal = step.nominal;
      s.system.description = step.description;
    }
    m.init.push_back(std::move(s));
  }
  m.ySlot = plan.ySlot;
  m.ypSlot = plan.ypSlot;
  m.yNominal = plan.yNominal;
  m.residual = kernel(plan.residual);
  m.jvp = jvp(plan.residual);
  if (!plan.aliases.empty()) {
    m.aliases = kernel(plan.aliases);
    m.aliasSlots = plan.aliasSlots;
  }
  m.jacobian = plan.jacobian;
  m.outputs = plan.outputs;
  m.experiment = plan.experiment;
  for (uint32_t i = 0; i < model.variables.size(); ++i) {
    const flat::Variable &v = model.variables[i];
    if (v.type == flat::TypeKind::Integer && v.variability != flat::VariabilityKind::Constant &&
        !v.name.starts_with('$'))
      m.integerSlots.push_back({static_cast<int32_t>(i), v.name});
  }
  // The external objects that constructors made (a parameter bound to
  // another object shares it), in the order of their variables.
  for (uint32_t i = 0; i < model.variables.size(); ++i) {
    const flat::Variable &v = model.variables[i];
    if (v.externalObject >= model.externalObjects.size() || !v.binding.valid() ||
        model.pool.op(v.binding) != sym::OpKind::Output)
      continue;
    const flat::Function &destructor =
        model.functions[model.externalObjects[v.externalObject].destructor];
    m.externalObjects.push_back(
        {static_cast<int32_t>(i), jit::lookupFunction(engine, destructor, error)});
    if (!m.externalObjects.back().destructor)
      return false;
  }
  for (const plan::StateSetPlan &set : plan.stateSets) {
    rt::StateSet s{set.ySlot,
                   set.ypSlot,
                   set.yNominal,
                   kernel(set.residual),
                   jvp(set.residual),
                   set.jacobian,
                   set.pivotBlocks,
                   set.description};
    m.stateSelection.sets.push_back(std::move(s));
  }
  if (!plan.pivotKernel.empty()) {
    m.stateSelection.matrices = plan.selectionMatrices;
    m.stateSelection.pivots = kernel(plan.pivotKernel);
    m.stateSelection.pivotsJvp = jvp(plan.pivotKernel);
    m.stateSelection.numPivotRows = plan.pivotRows;
    m.stateSelection.columns = plan.pivotColumns;
    m.stateSelection.pattern = plan.pivotPattern;
    m.stateSelection.constantSetPivots = plan.constantSetPivots;
  }
  const plan::EventPlan &ev = plan.events;
  rt::EventModel &events = m.events;
  if (!ev.zeroCrossings.empty())
    events.zeroCrossings = kernel(ev.zeroCrossings);
  events.numZeroCrossings = ev.numZeroCrossings;
  if (!ev.update.empty())
    events.update = kernel(ev.update);
  if (!ev.effects.empty())
    events.effects = kernel(ev.effects);
  if (!ev.relations.empty())
    events.relations = kernel(ev.relations);
  events.relationSlots = ev.relationSlots;
  if (!ev.assertions.empty())
    events.assertions = kernel(ev.assertions);
  events.preSlot = ev.preSlot;
  events.valueSlot = ev.valueSlot;
  for (const auto &sample : ev.samples)
    events.samples.push_back({sample.flag, sample.start, sample.interval, sample.relation, sample.moving});
  events.initialSlot = ev.initialSlot;
  events.terminalSlot = ev.terminalSlot;
  events.repeatSlot = ev.repeatSlot;
  events.homotopySlot = ev.homotopySlot;
  return !error;
}

} // namespace

void reportExternalProblems(const jit::ExternalReport &report,
                            std::span<const flat::Function> functions, Diagnostics &diags) {
  for (const jit::ExternalProblem &p : report.problems) {
    for (const ccode::CDiagnostic &d : p.diagnostics)
      diags.reportAt(d.severity, d.file, d.line, d.column, d.sourceLine, d.message);
    if (p.diagnostics.empty())
      diags.report(p.message, functions[p.function].external->loc);
    else
      diags.report(diag::NoteExternalFunctionProblem, functions[p.function].external->loc,
                   {p.message.text()});
  }
}

std::optional<NativeModel> compileModel(const plan::SimulationPlan &plan,
                                        flat::FlatModel &model, const BackendOptions &options,
                                        Diagnostics &diags) {
  diag::Message error;
  auto fail = [&]() -> std::optional<NativeModel> {
    if (error)
      diags.report(diag::CodeGenerationFailed, {}, {error.text()});

    return std::nullopt;
  };
  // The JIT, with the libraries of the external functions.
  NativeModel native;
  native.jit = jit::Jit::create(error);
  if (native.jit && options.keepObjects)
    native.jit->keepObjects();
  if (!native.jit || !linkExternals(native, model.functions, options, diags, error))
    return fail();
  double jitSeconds = 0;
  if (!generateCode(plan, model, native, jitSeconds, error))
    return fail();
  auto start = Clock::now();
  bool bound = bindModel(plan, model, native, error);
  native.phaseTimes.push_back({"jit", jitSeconds + secondsSince(start)});
  if (!bound)
    return fail();
  return native;
}

} // namespace mocc::backend
